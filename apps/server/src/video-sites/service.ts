/**
 * Publishing to a video site (issue 21 part 4): connecting a YouTube channel with Google's OAuth
 * 2.0 authorization code flow, disconnecting it, and queueing uploads of a project's finished
 * render, which `UploadVideoJob` performs. YouTube is the one site offered (D70).
 */
import {
  cutAtWord,
  joinTags,
  mainKeyword,
  movieDuration,
  movieSections,
  optimizeVideo,
  TITLE_MAX_CHARS,
  upgradeProjectData,
  type VideoPrivacy,
  type VideoSiteOutcome,
  type VideoSiteStatus,
  type VideoUpload,
} from '@reelwright/core';
import { and, eq } from 'drizzle-orm';
import type { Member } from '../accounts/service';
import type { Db } from '../db/client';
import { AppError, badRequest, conflict, notFound } from '../errors';
import type { Boss } from '../plugins/queue';
import { loadProject } from '../projects/service';
import { projectRenders, type RenderJobRow } from '../renders/service';
import { deleteConnection, findConnection, refreshTokenOf, saveConnection } from './connections';
import type { VideoSites } from './context';
import { UPLOAD_MESSAGES, UploadVideoJob } from './job';
import { codeChallenge } from './oauth-state';
import { appReturnPath } from './return-path';
import { type VideoUploadRow, videoUploads } from './tables';
import { VideoSiteError } from './youtube';

export type { VideoSites } from './context';
export { videoSitesOf } from './context';

export const VIDEO_SITE_MESSAGES = {
  off: 'Publishing to YouTube is not set up on this server. Download the MP4 and upload it yourself.',
  badState:
    'This connection link is not valid for your session (it is old, or was opened in another browser). Open the publish dialog and connect your channel again.',
  noRender: 'This project has no finished video yet. Render it first with "Download the MP4 file", then upload it.',
  notConnected: UPLOAD_MESSAGES.notConnected,
} as const;

export type VideoSiteDeps = { db: Db; boss: Boss; sites: VideoSites | undefined };

function requireSites(sites: VideoSites | undefined): VideoSites {
  if (!sites) throw new AppError(501, 'not_configured', VIDEO_SITE_MESSAGES.off);
  return sites;
}

/** The member's newest finished render of the project, whose MP4 is what gets uploaded. */
async function finishedRender(db: Db, member: Member, projectId: number): Promise<RenderJobRow | undefined> {
  const { latestDone } = await projectRenders(db, projectId);
  return latestDone && latestDone.userId === member.id && latestDone.outputPath ? latestDone : undefined;
}

/** Title, description and tags from the optimizer's rules, for the project's keyword (else its title). */
export function suggestedTexts(project: { title: string; name: string; data: unknown }) {
  const upgraded = upgradeProjectData(project.data);
  const name = (project.title || project.name).trim();
  const keyword = (upgraded.ok ? mainKeyword(upgraded.data.wizard.keyword) : '') || name;
  const video = upgraded.ok ? upgraded.data.video : { frames: [] };
  const result = optimizeVideo({
    keyword,
    sections: movieSections(video),
    duration: movieDuration(video),
    title: name,
  });
  // YouTube refuses angle brackets in titles and descriptions.
  const clean = (text: string) => text.replace(/[<>]/g, '');
  if (!result)
    return { title: clean(cutAtWord(name || keyword, TITLE_MAX_CHARS)), description: '', tags: clean(keyword) };
  return { title: clean(result.title), description: clean(result.description), tags: joinTags(result.tags) };
}

export async function videoSiteStatus(
  deps: VideoSiteDeps,
  member: Member,
  projectId?: number,
): Promise<VideoSiteStatus> {
  const connection = deps.sites ? await findConnection(deps.db, member.id) : undefined;
  let render: VideoSiteStatus['render'] = null;
  let suggested: VideoSiteStatus['suggested'] = null;
  if (projectId !== undefined) {
    const project = await loadProject(deps.db, { userId: member.id, query: { id: projectId } });
    const done = await finishedRender(deps.db, member, project.id);
    if (done) render = { qid: done.id, duration: done.duration, bytes: done.bytes };
    suggested = suggestedTexts(project);
  }
  return {
    available: deps.sites !== undefined,
    connected: connection !== undefined,
    channel: connection ? { id: connection.channelId, title: connection.channelTitle } : null,
    render,
    suggested,
  };
}

/** Google's authorization URL for this member, with a state bound to the session. */
export function connectUrl(
  sites: VideoSites | undefined,
  member: Member,
  sessionToken: string | null,
  returnTo: string,
) {
  const configured = requireSites(sites);
  if (!sessionToken)
    throw badRequest('Connecting a channel needs a signed-in browser session.', undefined, 'no_session');
  const path = appReturnPath(returnTo);
  if (!path) throw badRequest('returnTo must be a path of this site.', 'returnTo', 'invalid_input');
  const state = configured.states.create({ memberId: member.id, returnTo: path }, sessionToken);
  return configured.client.authorizationUrl({
    redirectUri: configured.redirectUri,
    state,
    codeChallenge: codeChallenge(configured.states.codeVerifier(state)),
  });
}

/**
 * `returnTo` with the outcome (`video_site=`, and why it failed) added to its query; the app's
 * page when it would leave the app (a state signed before connect checked it).
 */
export function outcomeUrl(returnTo: string, outcome: VideoSiteOutcome, reason?: string): string {
  const url = new URL(appReturnPath(returnTo) ?? '/app.html', 'http://app.invalid');
  url.searchParams.set('video_site', outcome);
  if (reason) url.searchParams.set('video_site_reason', reason.slice(0, 300));
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The callback: checks the state against the session (a forged or replayed callback is refused
 * and changes nothing), trades the code for tokens, names the channel and stores it. Answers
 * where to send the browser.
 */
export async function finishConnect(
  deps: VideoSiteDeps,
  request: { member: Member | null; sessionToken: string | null },
  query: { state: string; code?: string; error?: string },
  log?: (message: string) => void,
): Promise<string> {
  const sites = requireSites(deps.sites);
  const state = sites.states.verify(query.state, request.sessionToken);
  if (!state || !request.member || state.memberId !== request.member.id) {
    throw badRequest(VIDEO_SITE_MESSAGES.badState, 'state', 'bad_state');
  }
  if (query.error) return outcomeUrl(state.returnTo, 'denied');
  if (!query.code) return outcomeUrl(state.returnTo, 'failed', 'Google sent no authorization code. Try again.');
  try {
    const grant = await sites.client.exchangeCode({
      code: query.code,
      redirectUri: sites.redirectUri,
      codeVerifier: sites.states.codeVerifier(query.state),
    });
    if (!grant.refreshToken) throw new VideoSiteError('rejected', 'Google granted no offline access. Try again.');
    const channel = await sites.client.channel(grant.accessToken);
    await saveConnection(deps.db, sites, request.member.id, { ...grant, refreshToken: grant.refreshToken }, channel);
    return outcomeUrl(state.returnTo, 'connected');
  } catch (error) {
    if (!(error instanceof VideoSiteError)) throw error;
    log?.(`connecting a YouTube channel failed: ${error.message}`);
    const reason =
      error.kind === 'unavailable'
        ? 'Google could not be reached. Try again in a few minutes.'
        : error.kind === 'config'
          ? "Google refused this server's settings. Please tell support."
          : error.message;
    return outcomeUrl(state.returnTo, 'failed', reason);
  }
}

/** Revokes the grant at Google (best effort: an unreachable Google does not keep the tokens) and deletes it. */
export async function disconnect(deps: VideoSiteDeps, member: Member, log?: (message: string) => void): Promise<void> {
  const connection = await findConnection(deps.db, member.id);
  if (!connection) return;
  if (deps.sites) {
    try {
      await deps.sites.client.revoke(refreshTokenOf(deps.sites, connection));
    } catch (error) {
      log?.(`revoking member ${member.id}'s YouTube grant failed: ${(error as Error).message}`);
    }
  }
  await deleteConnection(deps.db, member.id);
}

export type UploadRequest = { pid: number; title: string; description: string; tags: string; privacy: VideoPrivacy };

/** Records an upload of the project's finished render and queues it. */
export async function startUpload(deps: VideoSiteDeps, member: Member, input: UploadRequest): Promise<VideoUploadRow> {
  requireSites(deps.sites);
  if (!(await findConnection(deps.db, member.id))) throw conflict(VIDEO_SITE_MESSAGES.notConnected, 'not_connected');
  const project = await loadProject(deps.db, { userId: member.id, query: { id: input.pid } });
  const render = await finishedRender(deps.db, member, project.id);
  if (!render?.outputPath) throw conflict(VIDEO_SITE_MESSAGES.noRender, 'no_render');
  const tags = input.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const [row] = await deps.db
    .insert(videoUploads)
    .values({
      userId: member.id,
      projectId: project.id,
      renderJobId: render.id,
      fileKey: render.outputPath,
      title: input.title,
      description: input.description,
      tags,
      privacy: input.privacy,
      bytesTotal: render.bytes ?? 0,
    })
    .returning();
  if (!row) throw new Error('the upload was not recorded');
  try {
    const bossJobId = await UploadVideoJob.enqueue(deps.boss, { uploadId: row.id });
    await deps.db.update(videoUploads).set({ bossJobId }).where(eq(videoUploads.id, row.id));
  } catch (error) {
    await deps.db
      .update(videoUploads)
      .set({ status: 'failed', errorCode: 'failed', error: `Could not queue the upload: ${(error as Error).message}` })
      .where(eq(videoUploads.id, row.id));
    throw error;
  }
  return row;
}

/** The member's upload by id; someone else's looks like a missing one. */
export async function findUpload(db: Db, member: Member, id: number): Promise<VideoUploadRow> {
  const [row] = await db
    .select()
    .from(videoUploads)
    .where(and(eq(videoUploads.id, id), eq(videoUploads.userId, member.id)))
    .limit(1);
  if (!row) throw notFound(`Upload ${id} not found.`);
  return row;
}

export function presentUpload(row: VideoUploadRow): VideoUpload {
  return {
    id: row.id,
    status: row.status,
    bytesSent: row.bytesSent,
    bytesTotal: row.bytesTotal,
    videoUrl: row.videoUrl,
    errorCode: row.errorCode,
    error: row.error,
  };
}
