/**
 * The daily render quota (spec 000 §7 `GET /api/members/quota`): renders a member may queue in
 * a UTC day, by plan. Failed renders do not count. The day is UTC's so that no request can move
 * it (issue 31: another `tz_offset` gave a fresh day); the member's offset only words the message.
 */
import { type Plan, publishRulesFor, type QuotaResponse } from '@reelwright/core';
import { abilitiesOf, dailyRenderQuota, type Member } from '../accounts/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { escapeHtml } from '../mail/messages';
import { rendersSince } from '../renders/service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the quota's current day began: the last midnight UTC. */
export function startOfQuotaDay(now: Date): Date {
  return new Date(now.getTime() - (now.getTime() % DAY_MS));
}

/**
 * Midnight UTC as a member's clock shows it ("02:00"); `tzOffset` is in `getTimezoneOffset`
 * minutes (minutes behind UTC: UTC+2 is -120).
 */
export function localMidnightUtc(tzOffset: number): string {
  const minutes = ((-tzOffset % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The quota error, as the HTML the publish dialog shows with its links (spec 000 §8). */
export function quotaErrorHtml(options: {
  plan: Plan;
  limit: number;
  supportEmail: string;
  /** A higher plan exists, so upgrading is suggested (abilities' `higherPlan`). */
  higherPlan: boolean;
  /** The member's offset, to name the renewal on their clock; UTC alone without it. */
  tzOffset?: number;
}): string {
  const { plan, limit, supportEmail, tzOffset } = options;
  const local = tzOffset === undefined || tzOffset === 0 ? '' : ` (${localMidnightUtc(tzOffset)} your time)`;
  const renders = limit === 1 ? 'render' : 'renders';
  const upgrade = options.higherPlan
    ? ' <a href="/pricing" target="_blank" rel="noopener">Upgrade your plan</a> for more renders a day, or'
    : '';
  return (
    `You have used all ${limit} video ${renders} of your ${escapeHtml(plan)} plan for today. ` +
    `Your quota renews at midnight UTC${local}.${upgrade}` +
    ` <a href="mailto:${escapeHtml(supportEmail)}">contact support</a> if you need more today.`
  );
}

/**
 * The member's quota now; `error` is set when no render is left today. `tzOffset` (the
 * request's, else the member's last) only words the error: it never moves the day.
 */
export async function memberQuota(
  db: Db,
  config: Config,
  member: Member,
  options: { tzOffset?: number; now?: Date } = {},
): Promise<QuotaResponse> {
  const limit = dailyRenderQuota(member, config.render.dailyQuota);
  const abilities = abilitiesOf(member);
  const dayStart = startOfQuotaDay(options.now ?? new Date());
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
    resetsAt: new Date(dayStart.getTime() + DAY_MS).toISOString(),
    ...(remaining === 0
      ? {
          error: quotaErrorHtml({
            plan: member.plan,
            limit,
            supportEmail: config.supportEmail,
            higherPlan: abilities.higherPlan,
            tzOffset: options.tzOffset ?? member.tzOffset,
          }),
        }
      : {}),
  };
}
