import { endpoints, messages, RESERVED_PROJECT_CATEGORY } from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { BODY_LIMITS } from '../body-limits';
import { routeOf } from '../route-of';
import { presentProjectListItem, presentProjectLoad, presentProjectSaved } from './presenter';
import {
  listProjects,
  loadProject,
  patchProject,
  removeProject,
  renameProject,
  requestProjectThumbnail,
  saveProject,
} from './service';

/**
 * Project calls (spec 000 §7), at `/api/members/projects`. Every call is the signed-in member's
 * own: visitors get a 401 before their input is validated, and someone else's project is a 404.
 */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireMember(request);
  });

  /** A saved project gets a fresh poster frame soon (D69); the reserved one is never listed. */
  const refreshThumbnail = (projectId: number, category?: string) =>
    category === RESERVED_PROJECT_CATEGORY
      ? Promise.resolve()
      : requestProjectThumbnail(app.queue, {
          projectId,
          delaySeconds: app.config.render.thumbnailDelaySeconds,
          log: (message) => app.log.warn(message),
        });

  app.route({
    ...routeOf(app, endpoints.projectLoad),
    handler: async (request) => {
      const row = await loadProject(app.db, { userId: requireMember(request).id, query: request.query });
      return presentProjectLoad(row);
    },
  });

  app.route({
    ...routeOf(app, endpoints.projectList),
    handler: async (request) => {
      const rows = await listProjects(app.db, { userId: requireMember(request).id });
      return rows.map(presentProjectListItem);
    },
  });

  app.route({
    ...routeOf(app, endpoints.projectSave),
    bodyLimit: BODY_LIMITS.project,
    handler: async (request) => {
      const saved = await saveProject(app.db, { userId: requireMember(request).id, input: request.body });
      await refreshThumbnail(saved.id, request.body.category);
      return presentProjectSaved(saved);
    },
  });

  app.route({
    ...routeOf(app, endpoints.projectPatch),
    bodyLimit: BODY_LIMITS.project,
    handler: async (request) => {
      const saved = await patchProject(app.db, { userId: requireMember(request).id, ...request.body });
      await refreshThumbnail(saved.id);
      return presentProjectSaved(saved);
    },
  });

  app.route({
    ...routeOf(app, endpoints.projectRename),
    handler: async (request) => {
      const renamed = await renameProject(app.db, { userId: requireMember(request).id, ...request.body });
      return { ...renamed, message: messages.projectRenamed };
    },
  });

  app.route({
    ...routeOf(app, endpoints.projectRemove),
    handler: async (request) => {
      const removed = await removeProject(app.db, app.files, {
        userId: requireMember(request).id,
        id: request.body.id,
      });
      return { id: removed.id, message: messages.projectDeleted };
    },
  });
};
