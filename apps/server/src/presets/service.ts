import type { Preset, PresetSaveBody } from '@reelwright/core';
import { BUILT_IN_PRESETS } from '@reelwright/core';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { findUnstorableJson } from '../db/jsonb';
import { badRequest, tooLarge } from '../errors';
import { MEMBER_PRESETS_MAX, PRESET_MAX_BYTES } from './schemas';
import { type MemberPresetRow, memberPresets } from './tables';

/** First key of the advisory lock that serialises one member's preset saves (the count limit). */
const PRESETS_LOCK = 0x5052_5354; // 'PRST'

/** A stored preset in the shape of the built-in ones: `{ id: 'member-<n>', name, data_json }`. */
export function presentPreset(row: Pick<MemberPresetRow, 'id' | 'name' | 'data'>): Preset {
  return { id: `member-${row.id}`, name: row.name, data_json: row.data as Preset['data_json'] };
}

/** The built-in presets, then the member's own in the order they were first saved (visitors: built-ins only). */
export async function listPresets(db: Db, options: { userId?: number }): Promise<Preset[]> {
  if (options.userId === undefined) return [...BUILT_IN_PRESETS];
  const rows = await db
    .select({ id: memberPresets.id, name: memberPresets.name, data: memberPresets.data })
    .from(memberPresets)
    .where(eq(memberPresets.userId, options.userId))
    .orderBy(asc(memberPresets.id));
  return [...BUILT_IN_PRESETS, ...rows.map(presentPreset)];
}

/**
 * Saves a member's preset. A name they already have is replaced (same id); a new name beyond
 * `MEMBER_PRESETS_MAX` is a 400 and nothing is written.
 */
export async function savePreset(db: Db, options: { userId: number; input: PresetSaveBody }): Promise<Preset> {
  const { userId, input } = options;
  const data = { style: input.style, settings: input.settings };
  const problem = findUnstorableJson(data);
  if (problem) throw badRequest(`The preset cannot be stored: ${problem}.`, undefined, 'invalid_preset');
  if (Buffer.byteLength(JSON.stringify(data)) > PRESET_MAX_BYTES) {
    throw tooLarge(`A preset can be at most ${PRESET_MAX_BYTES / 1024} KiB.`);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PRESETS_LOCK}, ${userId})`);
    const [existing] = await tx
      .select({ id: memberPresets.id })
      .from(memberPresets)
      .where(and(eq(memberPresets.userId, userId), eq(memberPresets.name, input.name)));
    if (!existing) {
      const [stored] = await tx.select({ n: count() }).from(memberPresets).where(eq(memberPresets.userId, userId));
      if ((stored?.n ?? 0) >= MEMBER_PRESETS_MAX) {
        throw badRequest(
          `You can keep at most ${MEMBER_PRESETS_MAX} presets. Save over one of yours (same name) instead.`,
          'name',
          'too_many_presets',
        );
      }
    }
    const [row] = await tx
      .insert(memberPresets)
      .values({ userId, name: input.name, data })
      .onConflictDoUpdate({ target: [memberPresets.userId, memberPresets.name], set: { data, updatedAt: sql`now()` } })
      .returning({ id: memberPresets.id, name: memberPresets.name, data: memberPresets.data });
    if (!row) throw new Error('savePreset: the upsert returned no row');
    return presentPreset(row);
  });
}
