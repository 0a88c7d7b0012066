import {
  type Listicle,
  type ListicleItem,
  ListicleItemSchema,
  ListicleSchema,
  type Quiz,
  type QuizQuestion,
  QuizQuestionSchema,
  QuizSchema,
} from '@reelwright/core';

/** Rows the builders show before the member adds any (validation asks for 2). */
export const INITIAL_ROWS = 2;

type MakeId = () => string;
const randomId: MakeId = () => crypto.randomUUID();

/** An empty listicle row with a fresh id. */
export const blankListicleItem = (makeId: MakeId = randomId): ListicleItem =>
  ListicleItemSchema.parse({ id: makeId() });

/** An empty quiz question with a fresh id (multiple choice, as the schema defaults). */
export const blankQuestion = (makeId: MakeId = randomId): QuizQuestion => QuizQuestionSchema.parse({ id: makeId() });

/** A new listicle: the schema's defaults (reverse and numitem on) and two empty rows. */
export function newListicle(makeId: MakeId = randomId): Listicle {
  return { ...ListicleSchema.parse({}), list: Array.from({ length: INITIAL_ROWS }, () => blankListicleItem(makeId)) };
}

/** A new quiz with two empty questions. */
export function newQuiz(makeId: MakeId = randomId): Quiz {
  return { ...QuizSchema.parse({}), questions: Array.from({ length: INITIAL_ROWS }, () => blankQuestion(makeId)) };
}

/** The list with the entry at `index` moved by `delta` places; the same list when it cannot move. */
export function moveEntry<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length || delta === 0) return [...list];
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(to, 0, entry!);
  return next;
}
