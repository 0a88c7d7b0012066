import { randomBytes } from 'node:crypto';
import {
  DEFAULT_PROJECT_CATEGORY,
  messages,
  type ProjectLoadQuery,
  type ProjectSaveInput,
  RESERVED_PROJECT_CATEGORY,
} from '@reelwright/core';
import { and, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conflict, notFound } from '../errors';
import { assertMediaAllowed, ownedMediaUrls } from '../media/service';
import type { Boss } from '../plugins/queue';
import type { FileStore } from '../storage';
import { documentHash, documentText, parsePatch, parseProjectDocument, patchProjectDocument } from './document';
import type { ProjectListRow, ProjectRow } from './presenter';
import { keepDocument, keptDocument } from './stored-documents';
import { projects, projectThumbnails } from './tables';
import { ProjectThumbnailJob } from './thumbnail-job';

const projectNotFound = () => notFound(messages.projectNotFound);

/** The member's own project with this id: someone else's project looks exactly like a missing one. */
const ownProject = (userId: number, id: number) => and(eq(projects.id, id), eq(projects.userId, userId));
const ownReserved = (userId: number) =>
  and(eq(projects.userId, userId), eq(projects.category, RESERVED_PROJECT_CATEGORY));

/** What save and patch answer with. */
const savedColumns = { id: projects.id, name: projects.name, dataHash: projects.dataHash };
export type SavedProject = Pick<ProjectRow, 'id' | 'name' | 'dataHash'>;

/**
 * Finds the project a load asks for: the member's reserved project, one of theirs by id, or
 * their newest (by creation) ordinary project with that name. A 404 when there is none.
 */
export async function loadProject(db: Db, options: { userId: number; query: ProjectLoadQuery }): Promise<ProjectRow> {
  const { userId, query } = options;
  const where = query.reserved
    ? ownReserved(userId)
    : query.id !== undefined
      ? ownProject(userId, query.id)
      : and(
          eq(projects.userId, userId),
          eq(projects.name, query.name ?? ''),
          ne(projects.category, RESERVED_PROJECT_CATEGORY),
        );
  const [row] = await db
    .select()
    .from(projects)
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(1);
  if (!row) throw query.reserved ? notFound('You have no reserved project yet.') : projectNotFound();
  return row;
}

/**
 * The member's projects for the list, newest updated first, each with its poster's storage key
 * (null until one is drawn); the reserved project is not listed.
 */
export async function listProjects(db: Db, options: { userId: number }): Promise<ProjectListRow[]> {
  // The documents can be megabytes each; the list needs none of them.
  const { data: _data, ...summaryColumns } = getTableColumns(projects);
  return db
    .select({ ...summaryColumns, thumbnailKey: projectThumbnails.fileKey })
    .from(projects)
    .leftJoin(projectThumbnails, eq(projectThumbnails.projectId, projects.id))
    .where(and(eq(projects.userId, options.userId), ne(projects.category, RESERVED_PROJECT_CATEGORY)))
    .orderBy(desc(projects.updatedAt), desc(projects.id));
}

/**
 * Stores a full document: a new project without an id, a replacement of the member's project
 * with one, and for category 'reserved' the member's single reserved project (created or
 * replaced; an id, if sent, must be that project's). The document is upgraded and validated
 * first, and its media must be the member's to use (media/references.ts), so bad input writes nothing. Fields left out keep their stored values.
 */
export async function saveProject(db: Db, options: { userId: number; input: ProjectSaveInput }): Promise<SavedProject> {
  const { userId, input } = options;
  const data = parseProjectDocument(input.data_json);
  await assertMediaAllowed(db, { userId, movie: data.video, input: 'data_json' });
  const text = documentText(data);
  const dataHash = documentHash(text);
  // The next autosave patches this document without reading it back (D100).
  const keep = (row: SavedProject) => {
    keepDocument(row.id, { hash: dataHash, data }, Buffer.byteLength(text));
    return row;
  };
  // One clock (this process's) for every timestamp, so list order follows the order of saves.
  const now = new Date();
  const changes = {
    data,
    dataHash,
    updatedAt: now,
    ...(input.name !== undefined && { name: input.name }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.thumbnail !== undefined && { thumbnail: input.thumbnail }),
  };
  const fresh = {
    userId,
    name: input.name ?? '',
    title: input.title ?? input.name ?? '',
    thumbnail: input.thumbnail ?? null,
    data,
    dataHash,
    createdAt: now,
    updatedAt: now,
  };

  if (input.category === RESERVED_PROJECT_CATEGORY) {
    const saved = await db.transaction(async (tx) => {
      if (input.id !== undefined) {
        const [reserved] = await tx
          .select({ id: projects.id })
          .from(projects)
          .where(and(ownReserved(userId), eq(projects.id, input.id)))
          .for('update');
        if (!reserved) throw projectNotFound();
      }
      const [row] = await tx
        .insert(projects)
        .values({ ...fresh, category: RESERVED_PROJECT_CATEGORY })
        .onConflictDoUpdate({
          target: projects.userId,
          targetWhere: sql`category = 'reserved'`,
          set: changes,
        })
        .returning(savedColumns);
      return row as SavedProject;
    });
    return keep(saved);
  }
  if (input.id !== undefined) {
    const [row] = await db.update(projects).set(changes).where(ownProject(userId, input.id)).returning(savedColumns);
    if (!row) throw projectNotFound();
    return keep(row);
  }
  const [row] = await db
    .insert(projects)
    .values({ ...fresh, category: DEFAULT_PROJECT_CATEGORY })
    .returning(savedColumns);
  return keep(row as SavedProject);
}

const owner = (options: { userId: number; id: number }) => ({ id: options.id, userId: options.userId });

/**
 * An autosave's two statements, prepared once per database (D100): a save builds no query and,
 * on PostgreSQL, plans none. The read gives the document only when its hash is not `keptHash`
 * (the kept document's, '' when none). The write stores the canonical text (valid JSON of the
 * document: no second stringify), only over the hash that was read.
 */
function preparePatchStatements(db: Db) {
  const own = and(eq(projects.id, sql.placeholder('id')), eq(projects.userId, sql.placeholder('userId')));
  const unlessKept = sql`case when ${projects.dataHash} = ${sql.placeholder('keptHash')} then null else ${projects.data} end`;
  return {
    read: db
      .select({ data: unlessKept.mapWith(projects.data), dataHash: projects.dataHash })
      .from(projects)
      .where(own)
      .prepare('project_patch_read'),
    write: db
      .update(projects)
      .set({
        data: sql`${sql.placeholder('text')}::jsonb`,
        dataHash: sql`${sql.placeholder('hash')}`,
        updatedAt: sql`${sql.placeholder('updatedAt')}`,
      })
      .where(and(own, eq(projects.dataHash, sql.placeholder('readHash'))))
      .returning(savedColumns)
      .prepare('project_patch_write'),
  };
}
const preparedPatchStatements = new WeakMap<Db, ReturnType<typeof preparePatchStatements>>();
const patchStatements = (db: Db) => {
  let statements = preparedPatchStatements.get(db);
  if (!statements) {
    statements = preparePatchStatements(db);
    preparedPatchStatements.set(db, statements);
  }
  return statements;
};

/** How many times a patch is applied again when another save lands between its read and its write. */
const PATCH_ATTEMPTS = 5;

/**
 * Applies an RFC 6902 patch. The result must be a valid document whose hash is the one the
 * client computed for the state it meant to reach: a client whose copy diverged (another tab
 * saved in between) gets 409 'hash_mismatch' and falls back to a full save. Nothing is written
 * unless every check passes.
 *
 * Optimistic, not locked (issue 31): the document is read, patched, validated and hashed with no
 * transaction open, then written by one statement that applies only if the stored hash is still
 * the one read. Validation and hashing are most of a save's time; under a row lock they held a
 * pooled connection (and on PGlite, its single connection: every other request) for all of it,
 * and the save cost four round trips instead of two. A save that lands in between makes the
 * write miss, and the patch is applied again to what it wrote, as the lock would have ordered it.
 *
 * Proportional to the patch where it can be (D100): when the stored hash is that of the document
 * this process kept, the document is not read; the patch copies only what it changes, only the
 * changed frames are validated and written out as text again, and that text is what is stored.
 */
export async function patchProject(
  db: Db,
  options: { userId: number; id: number; diff: string; hash: string },
): Promise<SavedProject> {
  const operations = parsePatch(options.diff);
  const statements = patchStatements(db);
  for (let attempt = 1; ; attempt++) {
    const kept = keptDocument(options.id);
    // The stored document is read only when it is not the one this process kept (D100).
    const [current] = await statements.read.execute({ ...owner(options), keptHash: kept?.hash ?? '' });
    if (!current) throw projectNotFound();
    const base =
      current.data === null && kept ? { data: kept.data, valid: true } : { data: current.data, valid: false };
    const { data, text, bytes } = patchProjectDocument(base, operations);
    await assertMediaAllowed(db, {
      userId: options.userId,
      movie: data.video,
      input: 'diff',
      ownedBefore: ownedMediaUrls(base.data),
    });
    const dataHash = documentHash(text);
    if (dataHash !== options.hash) {
      throw conflict(
        'The patched project does not match the hash sent: the project changed since it was loaded. Save the whole project instead.',
        'hash_mismatch',
      );
    }
    const [row] = await statements.write.execute({
      ...owner(options),
      readHash: current.dataHash,
      text,
      hash: dataHash,
      updatedAt: new Date(),
    });
    if (row) {
      keepDocument(row.id, { hash: dataHash, data }, bytes);
      return row;
    }
    if (attempt === PATCH_ATTEMPTS) {
      throw conflict('The project is being saved from elsewhere. Save the whole project instead.', 'hash_mismatch');
    }
  }
}

/** Sets a project's title and name (the list shows either). The document is untouched. */
export async function renameProject(
  db: Db,
  options: { userId: number; id: number; title: string },
): Promise<Pick<ProjectRow, 'id' | 'name' | 'title'>> {
  const [row] = await db
    .update(projects)
    .set({ title: options.title, name: options.title })
    .where(ownProject(options.userId, options.id))
    .returning({ id: projects.id, name: projects.name, title: projects.title });
  if (!row) throw projectNotFound();
  return row;
}

/** Deletes one of the member's projects, and its poster's file. */
export async function removeProject(
  db: Db,
  files: FileStore,
  options: { userId: number; id: number },
): Promise<{ id: number }> {
  const [thumbnail] = await db
    .select({ fileKey: projectThumbnails.fileKey })
    .from(projectThumbnails)
    .where(eq(projectThumbnails.projectId, options.id));
  const [row] = await db.delete(projects).where(ownProject(options.userId, options.id)).returning({ id: projects.id });
  if (!row) throw projectNotFound();
  if (thumbnail) await files.remove(thumbnail.fileKey);
  return row;
}

/**
 * Asks for the project's poster frame to be drawn (D69) after `delaySeconds`; requests while one
 * waits join it. A queue that refuses is logged, not thrown: the save it follows has succeeded.
 */
export async function requestProjectThumbnail(
  boss: Boss,
  options: { projectId: number; delaySeconds: number; log?: (message: string) => void },
): Promise<void> {
  try {
    await ProjectThumbnailJob.request(boss, options.projectId, options.delaySeconds);
  } catch (error) {
    options.log?.(`thumbnail of project ${options.projectId} not queued: ${(error as Error).message}`);
  }
}

/** A 404 (the same as for a missing project) unless the project is the member's; reads no document. */
export async function assertOwnProject(db: Db, options: { userId: number; id: number }): Promise<void> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(ownProject(options.userId, options.id))
    .limit(1);
  if (!row) throw projectNotFound();
}

/** What a project is called where its video is shown: its title, else its name; null when it is gone. */
export async function projectTitle(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ title: projects.title, name: projects.name })
    .from(projects)
    .where(eq(projects.id, id));
  return row ? row.title || row.name : null;
}

/** The project's embed hash, made on first request (unguessable; names nothing of the member). */
export async function ensureEmbedHash(db: Db, project: Pick<ProjectRow, 'id' | 'embedHash'>): Promise<string> {
  if (project.embedHash) return project.embedHash;
  await db
    .update(projects)
    .set({ embedHash: randomBytes(18).toString('base64url') })
    .where(and(eq(projects.id, project.id), isNull(projects.embedHash)));
  const [row] = await db.select({ embedHash: projects.embedHash }).from(projects).where(eq(projects.id, project.id));
  return row?.embedHash as string;
}

/** The id of the project an embed hash names, if any. */
export async function projectIdByEmbedHash(db: Db, hash: string): Promise<number | undefined> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.embedHash, hash)).limit(1);
  return row?.id;
}
