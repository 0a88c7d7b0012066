import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (`serial`) column: ids above it can only be wrong ones. */
export const ROW_ID_MAX = 2_147_483_647;

/**
 * A row id as clients send it (a number, or a numeric string in a query): a whole number from 1
 * to `ROW_ID_MAX`. `what` names it in the messages ('Project id').
 */
export const rowIdSchema = (what: string) => {
  const error = `${what} must be a positive whole number.`;
  return z.coerce
    .number({ error })
    .int({ error })
    .positive({ error })
    .max(ROW_ID_MAX, { error: `${what} is too large.` });
};

/** A reference that may be left out as 0 (the spec's "no project"): a whole number from 0 to `ROW_ID_MAX`. */
export const optionalRowIdSchema = z.number().int().min(0).max(ROW_ID_MAX);
