import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { escapeHtml } from './messages';
import { listOutbox, outboxDir } from './outbox';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A browser on this machine talking to the server directly. The socket address is used rather
 * than `request.ip`, which TRUST_PROXY lets a client choose; and a proxied request is refused
 * even from a local proxy, since it may carry anyone's request.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/**
 * `GET /dev/mail`: the outbox as a page, newest first, so a person running the server on their
 * own machine without SMTP can read their code. Only for requests from this machine: the page
 * holds every reset code, so on a reachable server it would hand out accounts.
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  app.get('/dev/mail', async (request, reply) => {
    if (!fromThisMachine(request)) {
      throw forbidden(
        `The dev mailbox opens only from the server's own machine. Read the codes in the server log or in ${outboxDir(app.config.dataDir)}.`,
      );
    }
    const entries = await listOutbox(app.config.dataDir);
    const rows = entries
      .map(
        (e) =>
          `<tr><td>${escapeHtml(e.date)}</td><td>${escapeHtml(e.to)}</td><td>${escapeHtml(e.subject)}</td>` +
          `<td><b>${e.code ?? ''}</b></td></tr>`,
      )
      .join('\n');
    const body = entries.length
      ? `<table border="1" cellpadding="6" style="border-collapse:collapse"><tr><th>Date</th><th>To</th><th>Subject</th><th>Code</th></tr>\n${rows}</table>`
      : '<p>No mail yet.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Reelwright dev mailbox</title></head>` +
          `<body style="font-family:sans-serif"><h1>Dev mailbox</h1>` +
          `<p>SMTP is not configured, so mail stays on this machine (${escapeHtml(outboxDir(app.config.dataDir))}).</p>` +
          `${body}</body></html>`,
      );
  });
}
