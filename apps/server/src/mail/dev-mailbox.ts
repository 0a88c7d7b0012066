import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './messages';
import { listOutbox } from './outbox';

/**
 * `GET /dev/mail`: the outbox as a page, newest first, so a person running the server on their
 * own machine without SMTP can read their code. Registered only when DEV_MAILBOX is on: the page
 * holds every reset code, so whoever can reach it can take any account. Who is asking (loopback
 * or not) is never the test: behind a local reverse proxy every request comes from loopback.
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  app.log.warn(
    'The dev mailbox is on: /dev/mail lists every mailed code to anyone who can reach this server. DEV_MAILBOX=false turns it off.',
  );
  app.get('/dev/mail', async (_request, reply) => {
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
          '<p>Every message the server sends is kept in the mail folder of its data folder and listed here.</p>' +
          `${body}</body></html>`,
      );
  });
}
