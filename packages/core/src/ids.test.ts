import { describe, expect, it } from 'vitest';
import { optionalRowIdSchema, ROW_ID_MAX, rowIdSchema } from './ids';

describe('row ids', () => {
  const id = rowIdSchema('Project id');

  it('takes whole numbers from 1 to the largest PostgreSQL integer, also as query text', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse(ROW_ID_MAX)).toBe(2_147_483_647);
  });

  it('refuses the rest with a message naming the id', () => {
    expect(id.safeParse(2_147_483_648).error?.issues[0]?.message).toBe('Project id is too large.');
    for (const value of [0, -1, '1.5', 'abc', '1e400']) {
      expect(id.safeParse(value).error?.issues[0]?.message, String(value)).toBe(
        'Project id must be a positive whole number.',
      );
    }
  });

  it('lets an optional reference be 0 (none), never past the largest integer', () => {
    expect(optionalRowIdSchema.parse(0)).toBe(0);
    expect(optionalRowIdSchema.safeParse(ROW_ID_MAX + 1).success).toBe(false);
  });
});
