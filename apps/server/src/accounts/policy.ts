import { type Abilities, abilitiesFor, type Plan, VISITOR_ABILITIES } from '@reelwright/core';
import { forbidden } from '../errors';

/**
 * The server's side of the plan rules (spec 000 §6). The table itself is core's `abilitiesFor`,
 * which the web reads too (D63); server code asks this module, never the plan.
 */
export { abilitiesFor, VISITOR_ABILITIES };

/** Whoever holds a plan: a member (`sessions.ts` imports this module, so no `Member` here). */
type OnPlan = { plan: Plan };

/** The abilities of a member, or a visitor's (null). */
export function abilitiesOf(member: OnPlan | null): Abilities {
  return member ? abilitiesFor(member.plan) : { ...VISITOR_ABILITIES };
}

/** Renders a member may queue a day: the operator sets the figure of each plan (`RENDER_QUOTA_*`). */
export function dailyRenderQuota(member: OnPlan, quotas: Readonly<Record<Plan, number>>): number {
  return quotas[member.plan];
}

/** Abilities a route can require (watermarkForced is a restriction, not a permission). */
export type Permission = 'optimizer' | 'apiKey';

const needs: Record<Permission, string> = {
  optimizer: 'The video optimizer comes with the Paid and Business plans.',
  apiKey: 'API keys come with the Business plan.',
};

/** Throws a 403 naming the member's plan when it does not allow the permission. */
export function authorize(member: OnPlan, permission: Permission): void {
  if (!abilitiesFor(member.plan)[permission]) {
    throw forbidden(`${needs[permission]} You are on the ${member.plan} plan.`, 'plan_required');
  }
}
