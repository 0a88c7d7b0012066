import { describe, expect, it } from 'vitest';
import { cutNewsText, ProjectLoadQuerySchema, ProjectPatchInputSchema } from './api';

describe('project API schemas', () => {
  it('accepts exactly one of reserved, id and name', () => {
    expect(ProjectLoadQuerySchema.safeParse({ reserved: '1' }).success).toBe(true);
    expect(ProjectLoadQuerySchema.safeParse({ id: '12' }).data).toEqual({ id: 12 });
    expect(ProjectLoadQuerySchema.safeParse({}).success).toBe(false);
    expect(ProjectLoadQuerySchema.safeParse({ id: '1', name: 'x' }).success).toBe(false);
    expect(ProjectLoadQuerySchema.safeParse({ id: '-3' }).success).toBe(false);
  });

  it('wants a hex SHA-256 with a patch', () => {
    expect(ProjectPatchInputSchema.safeParse({ id: 1, diff: '[]', hash: 'abc' }).success).toBe(false);
    expect(ProjectPatchInputSchema.safeParse({ id: 1, diff: '[]', hash: 'a'.repeat(64) }).success).toBe(true);
  });
});

describe('cutNewsText', () => {
  it('keeps texts of 70 characters or fewer', () => {
    const text = 'x'.repeat(70);
    expect(cutNewsText(text)).toBe(text);
  });

  it('cuts longer texts to 70 characters, ending with an ellipsis', () => {
    const cut = cutNewsText(`${'word '.repeat(30)}end`);
    expect(cut).toHaveLength(70);
    expect(cut.endsWith('…')).toBe(true);
  });
});
