import fp from 'fastify-plugin';
import { unstorableText } from './json-body';
import { unstorableTextPath } from './json-text';

/**
 * Refuses a query string or path parameter holding a NUL character or a lone surrogate (`%00`)
 * before any schema or query sees it: PostgreSQL cannot store or compare such text.
 */
export const queryTextPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const [where, value] of [
        ['query', request.query],
        ['path', request.params],
      ] as const) {
        const field = unstorableTextPath(value);
        if (field !== undefined) throw unstorableText(field, `The ${where}`);
      }
    });
  },
  { name: 'query-text' },
);
