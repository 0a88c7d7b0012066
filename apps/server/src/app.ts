import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { endpoints } from '@reelwright/core';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHousekeeping } from './accounts/housekeeping';
import { accountRoutes } from './accounts/routes';
import { sessionPlugin } from './accounts/session-plugin';
import { articleRoutes } from './articles/routes';
import { BODY_LIMITS } from './body-limits';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { mediaSearchRoutes } from './media/routes';
import { musicRoutes } from './music/routes';
import { newsRoutes } from './news/routes';
import { notifyRoutes } from './notify/routes';
import { optimizerRoutes } from './optimizer/routes';
import { configPlugin } from './plugins/app-config';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { jsonBodyPlugin } from './plugins/json-body';
import { mailPlugin } from './plugins/mail';
import { queryTextPlugin } from './plugins/query-text';
import { queuePlugin } from './plugins/queue';
import { appLoggerOptions } from './plugins/request-log';
import { routeTablePlugin } from './plugins/route-table';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityHeadersPlugin } from './plugins/security-headers';
import { visitorBodyLimitPlugin } from './plugins/visitor-body-limit';
import { presetRoutes } from './presets/routes';
import { projectRoutes } from './projects/routes';
import { loadProject } from './projects/service';
import { answerFrameworkError } from './public-api/problems';
import { publicApiRoutes } from './public-api/routes';
import { publicVideoRoutes } from './publish/public-routes';
import { publishRoutes } from './publish/routes';
import { metricsRoutes } from './queue/routes';
import { ratingRoutes } from './ratings/routes';
import { removeBgRoutes } from './remove-bg/routes';
import { routeOf } from './route-of';
import { settingsRoutes } from './settings/routes';
import { speechRoutes } from './speech/routes';
import { mediaRoutes } from './storage/media-routes';
import { filesPlugin } from './storage/plugin';
import { transcribeRoutes } from './transcription/routes';
import { tutorialRoutes } from './tutorials/routes';
import { uploadRoutes } from './uploads/routes';
import { videoSiteRoutes } from './video-sites/routes';
import { fontRoutes } from './web/fonts';
import { webRoutes } from './web/routes';
import { webhookRoutes } from './webhooks/routes';
import { startWorkers } from './workers';

export type BuildAppOptions = {
  /** An open database to use instead of the one the config names (tests share one). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
};

/**
 * Builds the HTTP app: the infrastructure plugins (each names what it depends on), the workers
 * when they run in this process, then the domains' routes. Never listens; `main.ts` does, and
 * tests call `inject`. Migrations are applied before the app answers.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const database = options.database ?? openDatabase(config);
  await database.migrate();

  const app = Fastify({
    logger: appLoggerOptions(config.logLevel, options.logger),
    trustProxy: config.trustProxy,
    // Routes that take more (a project save, a text to speak) raise it with their own `bodyLimit`.
    bodyLimit: BODY_LIMITS.default,
    // Before any route: the public API answers these as problem details too.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(cookie);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(routeTablePlugin);
  await app.register(dbPlugin, { database });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(sessionPlugin);
  await app.register(accountHousekeeping);
  // After the session: both need to know whether the caller is a member.
  await app.register(visitorBodyLimitPlugin);
  await app.register(sameOriginPlugin);
  await app.register(queryTextPlugin);
  await app.register(mailPlugin);
  await app.register(filesPlugin);
  await app.register(queuePlugin, { database });

  if (config.render.workersInProcess) {
    const workers = await startWorkers({
      config,
      db: app.db,
      queue: app.queue,
      files: app.files,
      mailer: app.mailer,
      log: (m) => app.log.warn(m),
    });
    app.addHook('onClose', () => workers.stop());
  }

  app.get('/healthz', async () => {
    await app.db.execute(sql`select 1`);
    return { ok: true, database: database.kind };
  });
  await app.register(metricsRoutes);
  app.route({
    ...routeOf(app, endpoints.appConfig),
    handler: async () => ({
      googleClientId: config.google.clientId ?? null,
      signupHidden: config.signupHidden,
      debug: config.debug,
      supportEmail: config.supportEmail,
    }),
  });

  await app.register(accountRoutes, { prefix: '/api/members' });
  await app.register(projectRoutes, { prefix: '/api/members/projects' });
  await app.register(settingsRoutes, { prefix: '/api/members/settings' });
  await app.register(newsRoutes, { prefix: '/api/members' });
  await app.register(publishRoutes, { prefix: '/api/members' });
  await app.register(transcribeRoutes, { prefix: '/api/members' });
  await app.register(articleRoutes, { prefix: '/api/members' });
  await app.register(presetRoutes, { prefix: '/api/members/presets' });
  await app.register(ratingRoutes, { prefix: '/api/members' });
  await app.register(optimizerRoutes, { prefix: '/api/members' });
  await app.register(videoSiteRoutes, { prefix: '/api/members' });
  await app.register(webhookRoutes, { prefix: '/api/members' });
  await app.register(publicApiRoutes, { prefix: '/api/v1' });
  await app.register(musicRoutes);
  await app.register(mediaSearchRoutes);
  await app.register(tutorialRoutes);
  await app.register(uploadRoutes);
  await app.register(removeBgRoutes);
  await app.register(publicVideoRoutes);
  await app.register(notifyRoutes, { prefix: '/api/notify/app' });
  await app.register(speechRoutes, {
    prefix: '/api/queries',
    assertOwnProject: async (userId, id) => {
      await loadProject(app.db, { userId, query: { id } });
    },
  });
  await app.register(mediaRoutes);
  await app.register(fontRoutes);
  await app.register(webRoutes);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
