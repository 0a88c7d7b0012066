import fp from 'fastify-plugin';
import { createFileStore } from './index';

/** Exposes the file store the configuration names (disk or S3) as `app.files`. */
export const filesPlugin = fp(
  async (app) => {
    app.decorate('files', createFileStore(app.config));
  },
  { name: 'files', dependencies: ['config'] },
);
