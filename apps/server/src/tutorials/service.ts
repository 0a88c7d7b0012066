import {
  isTutorialUrl,
  TUTORIAL_GROUP_NAMES,
  type Tutorial,
  type TutorialGroup,
  TutorialGroupSchema,
} from '@reelwright/core';
import { asc, eq, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tutorials } from './tables';

export type NewTutorial = {
  title: string;
  url: string;
  group: string;
  name?: string | null;
  thumbnailUrl?: string | null;
};

/** Why a tutorial cannot be added, in the operator's words; null when it can. */
export function tutorialProblem(input: NewTutorial): string | null {
  if (!input.title.trim()) return 'A tutorial needs a title.';
  if (input.title.trim().length > 200) return 'A tutorial title can be at most 200 characters.';
  if (!TutorialGroupSchema.safeParse(input.group).success)
    return `The group must be one of: ${TUTORIAL_GROUP_NAMES.join(', ')}.`;
  if (!isTutorialUrl(input.url.trim())) return 'The video address must be a path of this site or an http(s) address.';
  if (input.name && !['first', 'intro'].includes(input.name)) return "The name must be 'first' or 'intro'.";
  if (input.thumbnailUrl && !isTutorialUrl(input.thumbnailUrl.trim()))
    return 'The thumbnail address must be a path of this site or an http(s) address.';
  return null;
}

/** Adds a tutorial at the end of its group's playlist. Throws with the problem when it is not valid. */
export async function addTutorial(db: Db, input: NewTutorial): Promise<Tutorial> {
  const problem = tutorialProblem(input);
  if (problem) throw new Error(problem);
  const group = input.group as TutorialGroup;
  const [last] = await db
    .select({ position: max(tutorials.position) })
    .from(tutorials)
    .where(eq(tutorials.group, group));
  const [row] = await db
    .insert(tutorials)
    .values({
      title: input.title.trim(),
      url: input.url.trim(),
      group,
      name: input.name ?? null,
      thumbnailUrl: input.thumbnailUrl?.trim() || null,
      position: (last?.position ?? 0) + 1,
    })
    .returning();
  return presentTutorial(row!);
}

/** Removes a tutorial; false when there was none of that id. */
export async function removeTutorial(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(tutorials).where(eq(tutorials.id, id)).returning({ id: tutorials.id });
  return removed.length > 0;
}

/** Every tutorial, by group in the popup's order, then playlist order. */
export async function listTutorials(db: Db): Promise<Tutorial[]> {
  const rows = await db.select().from(tutorials).orderBy(asc(tutorials.position), asc(tutorials.id));
  const rank = (group: string) => TUTORIAL_GROUP_NAMES.indexOf(group as TutorialGroup);
  return rows.sort((a, b) => rank(a.group) - rank(b.group)).map(presentTutorial);
}

function presentTutorial(row: typeof tutorials.$inferSelect): Tutorial {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    group: row.group as TutorialGroup,
    name: row.name === 'first' || row.name === 'intro' ? row.name : null,
    thumbnail_url: row.thumbnailUrl,
  };
}
