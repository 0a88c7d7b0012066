import type { Abilities, Plan } from '@reelwright/core';
import { forbidden } from '../errors';
import type { Member } from './sessions';

/** What each plan may do (spec 000 §6). The one place these rules are written. */
export function abilitiesFor(plan: Plan): Abilities {
  return {
    optimizer: plan === 'paid' || plan === 'business',
    apiKey: plan === 'business',
    watermarkForced: plan === 'free',
  };
}

/** Abilities a route can require (watermarkForced is a restriction, not a permission). */
export type Permission = 'optimizer' | 'apiKey';

const needs: Record<Permission, string> = {
  optimizer: 'The video optimizer comes with the Paid and Business plans.',
  apiKey: 'API keys come with the Business plan.',
};

/** Throws a 403 naming the member's plan when it does not allow the permission. */
export function authorize(member: Member, permission: Permission): void {
  if (!abilitiesFor(member.plan)[permission]) {
    throw forbidden(`${needs[permission]} You are on the ${member.plan} plan.`, 'plan_required');
  }
}
