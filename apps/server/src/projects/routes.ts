import {
  messages,
  ProjectListResponseSchema,
  ProjectLoadQuerySchema,
  ProjectLoadResponseSchema,
  ProjectPatchInputSchema,
  ProjectRemoveInputSchema,
  ProjectRemoveResponseSchema,
  ProjectRenameInputSchema,
  ProjectRenameResponseSchema,
  ProjectSaveInputSchema,
  ProjectSaveResponseSchema,
} from '@reelwright/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../accounts/service';
import { BODY_LIMITS } from '../body-limits';
import { errorResponses } from '../error-responses';
import { presentProjectLoad, presentProjectSaved, presentProjectSummary } from './presenter';
import { listProjects, loadProject, patchProject, removeProject, renameProject, saveProject } from './service';

/**
 * Project calls (spec 000 §7), at `/api/members/projects`. Every call is the signed-in member's
 * own: visitors get a 401 before their input is validated, and someone else's project is a 404.
 */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireMember(request);
  });

  app.get(
    '/load',
    {
      schema: { querystring: ProjectLoadQuerySchema, response: { 200: ProjectLoadResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const row = await loadProject(app.db, { userId: requireMember(request).id, query: request.query });
      return presentProjectLoad(row);
    },
  );

  app.get('/all', { schema: { response: { 200: ProjectListResponseSchema, ...errorResponses } } }, async (request) => {
    const rows = await listProjects(app.db, { userId: requireMember(request).id });
    return rows.map(presentProjectSummary);
  });

  app.post(
    '/save',
    {
      bodyLimit: BODY_LIMITS.project,
      schema: { body: ProjectSaveInputSchema, response: { 200: ProjectSaveResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const saved = await saveProject(app.db, { userId: requireMember(request).id, input: request.body });
      return presentProjectSaved(saved);
    },
  );

  app.post(
    '/patch',
    {
      bodyLimit: BODY_LIMITS.project,
      schema: { body: ProjectPatchInputSchema, response: { 200: ProjectSaveResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const saved = await patchProject(app.db, { userId: requireMember(request).id, ...request.body });
      return presentProjectSaved(saved);
    },
  );

  app.post(
    '/rename',
    { schema: { body: ProjectRenameInputSchema, response: { 200: ProjectRenameResponseSchema, ...errorResponses } } },
    async (request) => {
      const renamed = await renameProject(app.db, { userId: requireMember(request).id, ...request.body });
      return { ...renamed, message: messages.projectRenamed };
    },
  );

  app.post(
    '/remove',
    { schema: { body: ProjectRemoveInputSchema, response: { 200: ProjectRemoveResponseSchema, ...errorResponses } } },
    async (request) => {
      const removed = await removeProject(app.db, { userId: requireMember(request).id, id: request.body.id });
      return { id: removed.id, message: messages.projectDeleted };
    },
  );
};
