import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { VIDEO_SITE_EMBED_ORIGINS } from '@reelwright/core';
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
import { notifyMember } from './notify/service';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { jsonBodyPlugin } from './plugins/json-body';
import { mailPlugin } from './plugins/mail';
import { queryTextPlugin } from './plugins/query-text';
import { type Boss, startBoss } from './plugins/queue';
import { routeTablePlugin } from './plugins/route-table';
import { sameOriginPlugin } from './plugins/same-origin';
import { visitorBodyLimitPlugin } from './plugins/visitor-body-limit';
import { presetRoutes } from './presets/routes';
import { projectRoutes } from './projects/routes';
import { publicVideoRoutes } from './publish/public-routes';
import { renderOutcomeNotifier } from './publish/render-outcome';
import { publishRoutes } from './publish/routes';
import { ratingRoutes } from './ratings/routes';
import { removeBgRoutes } from './remove-bg/routes';
import { startRenderWorker } from './renders/worker';
import { settingsRoutes } from './settings/routes';
import { speechRoutes } from './speech/routes';
import { createFileStore } from './storage';
import { mediaRoutes } from './storage/media-routes';
import { transcribeRoutes } from './transcription/routes';
import { startTranscribeWorker } from './transcription/worker';
import { tutorialRoutes } from './tutorials/routes';
import { uploadRoutes } from './uploads/routes';
import { fontRoutes } from './web/fonts';
import { webRoutes } from './web/routes';

export type BuildAppOptions = {
  /** An open database to use instead of the one the config names (tests share one). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
};

/**
 * Builds the HTTP app: ecosystem plugins, then ours, then the domains. Never listens; `main.ts`
 * does, and tests call `inject`. Migrations are applied before the app answers.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const database = options.database ?? openDatabase(config);
  await database.migrate();

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Routes that take more (a project save, a text to speak) raise it with their own `bodyLimit`.
    bodyLimit: BODY_LIMITS.default,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // data: and blob: let the player decode generated and recorded audio; media from other
        // sites is fetched through our own server (stored or proxied), never by the browser.
        connectSrc: ["'self'", 'data:', 'blob:', 'https://accounts.google.com'],
        // The builder shows a video-site clip in its site's embedded player (D55).
        frameSrc: ["'self'", 'https://accounts.google.com', ...VIDEO_SITE_EMBED_ORIGINS],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Other sites learn nothing of where a member was; our own routes can tell a request of the
    // app from another site's even in browsers without Sec-Fetch-Site (see plugins/same-origin).
    referrerPolicy: { policy: 'same-origin' },
  });
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

  app.decorate('files', createFileStore(config));

  // The render queue on the same database; its worker runs here unless `worker` processes do.
  const boss = await startBoss(database, config);
  app.decorate('renderQueue', boss);
  if (config.render.workersInProcess) {
    await startRenderWorker(boss, {
      db: database.db,
      dataDir: config.dataDir,
      files: app.files,
      fetchPolicy: config.fetch,
      log: (m) => app.log.warn(m),
      onSettled: renderOutcomeNotifier({
        db: database.db,
        mailer: app.mailer,
        publicUrl: config.publicUrl,
        supportEmail: config.supportEmail,
        push: (userId, message) =>
          notifyMember({ db: database.db, config, log: (m) => app.log.warn(m) }, userId, message),
      }),
    });
    const transcribeWorker = await startTranscribeWorker(boss, {
      db: database.db,
      files: app.files,
      config,
      log: (m) => app.log.warn(m),
    });
    app.addHook('onClose', () => transcribeWorker.stop());
  }
  // Before the database closes (onClose): a running render finishes or is left to be retried.
  app.addHook('preClose', async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  });

  app.get('/healthz', async () => {
    await app.db.execute(sql`select 1`);
    return { ok: true, database: database.kind };
  });
  app.get('/api/config', async () => ({
    googleClientId: config.google.clientId ?? null,
    signupHidden: config.signupHidden,
    debug: config.debug,
    supportEmail: config.supportEmail,
  }));

  await app.register(accountRoutes, { prefix: '/api/members' });
  await app.register(projectRoutes, { prefix: '/api/members/projects' });
  await app.register(settingsRoutes, { prefix: '/api/members/settings' });
  await app.register(newsRoutes, { prefix: '/api/members' });
  await app.register(publishRoutes, { prefix: '/api/members' });
  await app.register(transcribeRoutes, { prefix: '/api/members' });
  await app.register(articleRoutes, { prefix: '/api/members' });
  await app.register(presetRoutes, { prefix: '/api/members/presets' });
  await app.register(ratingRoutes, { prefix: '/api/members' });
  await app.register(musicRoutes);
  await app.register(mediaSearchRoutes);
  await app.register(tutorialRoutes);
  await app.register(uploadRoutes);
  await app.register(removeBgRoutes);
  await app.register(publicVideoRoutes);
  await app.register(notifyRoutes, { prefix: '/api/notify/app' });
  await app.register(speechRoutes, { prefix: '/api/queries' });
  await app.register(mediaRoutes);
  await app.register(fontRoutes);
  await app.register(webRoutes);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** pg-boss, for queueing jobs (`queueRender`). */
    renderQueue: Boss;
  }
}
