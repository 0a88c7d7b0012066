import { pipeline, type Readable, Transform } from 'node:stream';
import fp from 'fastify-plugin';
import { BODY_LIMITS, formatByteLimit } from '../body-limits';
import { tooLarge } from '../errors';

const visitorTooLarge = () =>
  tooLarge(
    `Without a session a request may send at most ${formatByteLimit(BODY_LIMITS.visitor)}. Log in and try again.`,
  );

/**
 * A caller without a session sends at most `BODY_LIMITS.visitor` bytes, whatever the route
 * takes from a member: refused by its declared length before anything is read, or as soon as a
 * chunked body passes the limit, and so before any parsing. Runs after the session plugin has
 * resolved the member (both are `onRequest`/`preParsing` hooks of the root, in order).
 */
export const visitorBodyLimitPlugin = fp(
  async (app) => {
    app.addHook('preParsing', async (request, _reply, payload) => {
      if (request.member) return payload;
      const declared = request.headers['content-length'];
      if (declared !== undefined) {
        // Node reads exactly the declared length, so a small one needs no counting.
        if (Number(declared) > BODY_LIMITS.visitor) throw visitorTooLarge();
        return payload;
      }
      return capped(payload, BODY_LIMITS.visitor);
    });
  },
  { name: 'visitor-body-limit', dependencies: ['session'] },
);

/** `payload`, failing with a 413 once more than `max` bytes have passed. */
function capped(payload: Readable, max: number): Readable {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > max) callback(visitorTooLarge());
      else callback(null, chunk);
    },
  });
  pipeline(payload, counter, () => {});
  return counter;
}
