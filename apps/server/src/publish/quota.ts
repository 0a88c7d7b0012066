/**
 * The daily render quota (spec 000 §7 `GET /api/members/quota`): renders a member may queue in
 * their own day, by plan. Failed renders do not count.
 */
import { type Plan, publishRulesFor, type QuotaResponse } from '@reelwright/core';
import { abilitiesOf, dailyRenderQuota, type Member } from '../accounts/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { escapeHtml } from '../mail/messages';
import { rendersSince } from '../renders/service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the member's current day began, as an instant. `tzOffset` is in `getTimezoneOffset`
 * minutes (minutes behind UTC: UTC+2 is -120).
 */
export function startOfMemberDay(now: Date, tzOffset: number): Date {
  const offsetMs = tzOffset * 60_000;
  const local = now.getTime() - offsetMs;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) + offsetMs);
}

/** The quota error, as the HTML the publish dialog shows with its links (spec 000 §8). */
export function quotaErrorHtml(options: {
  plan: Plan;
  limit: number;
  supportEmail: string;
  /** A higher plan exists, so upgrading is suggested (abilities' `higherPlan`). */
  higherPlan: boolean;
}): string {
  const { plan, limit, supportEmail } = options;
  const renders = limit === 1 ? 'render' : 'renders';
  const upgrade = options.higherPlan
    ? ' <a href="/pricing" target="_blank" rel="noopener">Upgrade your plan</a> for more renders a day, or'
    : '';
  return (
    `You have used all ${limit} video ${renders} of your ${escapeHtml(plan)} plan for today. ` +
    `Your quota renews at midnight, your time.${upgrade}` +
    ` <a href="mailto:${escapeHtml(supportEmail)}">contact support</a> if you need more today.`
  );
}

/** The member's quota now; `error` is set when no render is left today. */
export async function memberQuota(
  db: Db,
  config: Config,
  member: Member,
  options: { tzOffset?: number; now?: Date } = {},
): Promise<QuotaResponse> {
  const limit = dailyRenderQuota(member, config.render.dailyQuota);
  const abilities = abilitiesOf(member);
  const dayStart = startOfMemberDay(options.now ?? new Date(), options.tzOffset ?? member.tzOffset);
  const used = await rendersSince(db, member.id, dayStart);
  const rules = publishRulesFor(abilities);
  const remaining = Math.max(0, limit - used);
  return {
    plan: member.plan,
    limit,
    used,
    remaining,
    watermarkForced: rules.watermarkForced,
    maxSeconds: rules.maxSeconds,
    ...(remaining === 0
      ? {
          error: quotaErrorHtml({
            plan: member.plan,
            limit,
            supportEmail: config.supportEmail,
            higherPlan: abilities.higherPlan,
          }),
        }
      : {}),
  };
}
