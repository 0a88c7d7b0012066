/**
 * The readable reference of `/api/v1`: one self-contained HTML page drawn on the server from the
 * OpenAPI document (no script, no CDN, nothing fetched), so it always says what is served.
 */
import { PROBLEM_TITLES } from '@reelwright/core';
import { escapeHtml } from '../mail/messages';

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: Json[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
};

/** The problem types the API answers, each with what to do (the anchors `type` URIs point to). */
const PROBLEM_TYPES: [code: string, status: number, meaning: string][] = [
  ['unauthorized', 401, 'The API key is missing, wrong or revoked. Send `Authorization: Bearer <your key>`.'],
  ['plan_required', 403, 'Your plan does not include this. API keys come with the Business plan.'],
  ['invalid_input', 400, 'A field is wrong: `errors` names each one with a JSON Pointer.'],
  ['bad_request', 400, 'The request cannot be done as sent: `detail` says what to change.'],
  ['bad_json', 400, 'The body is not valid JSON.'],
  ['unknown_host', 400, 'The webhook address names a host that could not be found: check it.'],
  ['bad_url', 400, 'The address is not valid percent-encoding.'],
  ['no_route', 404, 'No such endpoint: check the method and the path against this page.'],
  ['not_found', 404, 'No such resource among yours. Another member’s ids answer this too.'],
  ['no_captions', 404, 'The video has no captions: it has no narration with timed words.'],
  ['too_many_webhooks', 409, 'You have the most webhook endpoints there can be: delete one to add another.'],
  [
    'idempotency_in_progress',
    409,
    'A call with this Idempotency-Key is still being worked on: retry after `Retry-After` seconds for its answer.',
  ],
  ['idempotency_key_reused', 422, 'The Idempotency-Key was used for another request: send a new key.'],
  ['no_results', 422, 'The optimizer found nothing for the keyword: try a broader one.'],
  [
    'quota_exceeded',
    429,
    'No render left today on your plan (videos still being made count); the quota renews at midnight UTC.',
  ],
  ['rate_limited', 429, 'Too many requests with this key: wait the seconds `Retry-After` says.'],
  ['unavailable', 503, 'The database is briefly unavailable: retry after `Retry-After` seconds.'],
  ['internal', 500, 'Our fault: try again; if it keeps happening, contact support.'],
];

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
/** Backquoted words as code, the rest escaped. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, (_, inner: string) => `<code>${inner}</code>`);
const pretty = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
const refName = (schema: Json) =>
  typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : null;
const schemaText = (schema: Json) => {
  const name = refName(schema);
  return name ? `<a href="#schema-${name}">${escapeHtml(name)}</a>` : pretty(schema);
};

function operationHtml(method: string, path: string, op: Operation): string {
  const parts = [
    `<section class="op" id="${escapeHtml(op.operationId)}">`,
    `<h3><span class="method ${method}">${method.toUpperCase()}</span> ${code(path)}</h3>`,
    `<p><strong>${escapeHtml(op.summary)}.</strong> ${prose(op.description)}</p>`,
  ];
  const params = (op.parameters ?? []).map((p) =>
    p.$ref ? { name: 'Idempotency-Key', in: 'header', description: 'Optional; see Idempotency.' } : p,
  );
  if (params.length > 0) {
    parts.push('<h4>Parameters</h4><ul>');
    for (const p of params) {
      parts.push(
        `<li>${code(String(p.name))} (${escapeHtml(String(p.in))}) ${prose(String(p.description ?? ''))}</li>`,
      );
    }
    parts.push('</ul>');
  }
  const body = op.requestBody?.content['application/json'];
  if (body) parts.push('<h4>Request body (JSON)</h4>', schemaText(body.schema));
  parts.push('<h4>Answers</h4><ul>');
  for (const [status, response] of Object.entries(op.responses)) {
    const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
    const shape = content ? (refName(content.schema) ? ` ${schemaText(content.schema)}` : '') : '';
    parts.push(`<li>${code(status)} ${escapeHtml(response.description)}${type ? ` — ${code(type)}` : ''}${shape}</li>`);
    if (content && !refName(content.schema) && status.startsWith('2')) parts.push(schemaText(content.schema));
  }
  parts.push('</ul></section>');
  return parts.join('\n');
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 1.5rem;color:#1d2330}
h1{margin-bottom:.25rem}h2{margin-top:2.5rem;border-bottom:1px solid #d5dae3}h3{margin:.2rem 0}
.op{border:1px solid #d5dae3;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.2rem;font-size:.8rem;padding:.1rem .4rem;border-radius:4px;color:#fff;background:#3760c4;text-align:center}
.method.post{background:#1f8a4c}.method.delete{background:#b3261e}
pre{background:#f4f6fa;padding:.6rem;border-radius:6px;overflow:auto;font-size:.85rem}
code{background:#f4f6fa;padding:0 .2rem;border-radius:3px}nav a{margin-right:1rem}`;

/** Copyable examples of making a video in one call and following it, against `server`. */
function examplesHtml(server: string): string {
  const api = `${server.replace(/\/$/, '')}/api/v1`;
  const curl = `curl -X POST ${api}/videos \\
  -H "Authorization: Bearer rw_YOUR_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: post-1234" \\
  -d '{"source": "url", "url": "https://blog.example.com/cold-brew-at-home",
       "size": "720p", "slides": 6, "captions": "boxed"}'

# 202: {"id": 88, "status": "queued", "stage": null, "progress": 0, "links": {…}}
curl -H "Authorization: Bearer rw_YOUR_KEY" ${api}/videos/jobs/88
# until "status": "done"; then links.mp4, links.srt and links.vtt are the files:
curl -H "Authorization: Bearer rw_YOUR_KEY" -o video.mp4 ${api}/videos/317/mp4
curl -H "Authorization: Bearer rw_YOUR_KEY" -o video.vtt ${api}/videos/317/vtt`;
  const php = `$response = wp_remote_post( '${api}/videos', array(
    'timeout' => 30,
    'headers' => array(
        'Authorization'   => 'Bearer ' . REELWRIGHT_KEY,
        'Content-Type'    => 'application/json',
        'Idempotency-Key' => 'wp-post-video-' . $post_id,
    ),
    'body'    => wp_json_encode( array(
        'source' => 'text',
        'title'  => get_the_title( $post_id ),
        'text'   => wp_strip_all_tags( get_post_field( 'post_content', $post_id ) ),
        'size'   => '1080p',
    ) ),
) );
$job = json_decode( wp_remote_retrieve_body( $response ), true ); // poll $job['links']['self']`;
  return `<h2 id="examples">Make a video in one call</h2>
<p>${prose('Send the source (`url`, `text`, `keyword`, `listicle` or `quiz`) and the options you want; the answer is a job at once. Poll it until `status` is `done` (or register a webhook for `video.rendered`): the video is then a project of yours with an ordinary render, listed under Videos.')}</p>
<pre>${escapeHtml(curl)}</pre>
<p>From a WordPress site, with ${code('wp_remote_post')} (see <a href="/docs/wordpress-plugin/">the WordPress guide</a>; for Zapier, <a href="/docs/zapier/">the Zapier guide</a>):</p>
<pre>${escapeHtml(php)}</pre>`;
}

/** The page for an OpenAPI document built by `openApiDocument`. */
export function referencePage(document: Json): string {
  const info = document.info as { title: string; version: string; description: string };
  const server = (document.servers as { url: string }[])[0]?.url ?? '';
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
  // The sections in the document's tag order (videos first), whatever the order of the paths.
  const byTag = new Map<string, string[]>((document.tags as { name: string }[]).map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sections = [...byTag].map(
    ([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${ops.join('\n')}`,
  );
  const problems = PROBLEM_TYPES.map(
    ([name, status, meaning]) =>
      `<li id="problem-${name}">${code(name)} — ${status} ${escapeHtml(PROBLEM_TITLES[status] ?? '')}. ${prose(meaning)}</li>`,
  );
  const schemaList = Object.entries(schemas).map(
    ([name, schema]) => `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>${pretty(schema)}`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)} reference</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(info.title)}</h1>
<p>Version ${escapeHtml(info.version)} · base address ${code(server)} · <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a></p>
<p>${prose(info.description)}</p>
<nav><a href="#examples">Examples</a>${[...byTag.keys()].map((tag) => `<a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join('')}<a href="#errors">Errors</a><a href="#schemas">Schemas</a></nav>
<h2 id="auth">Authentication and limits</h2>
<p>Send your API key on every call: ${code('Authorization: Bearer rw_…')}. A missing, wrong or revoked key answers 401. Each key may make a limited number of calls a minute (429 with ${code('Retry-After')} beyond it), and renders count against your plan’s daily render quota.</p>
<h2 id="idempotency">Idempotency</h2>
<p>Calls that create (render, make a video) take an optional ${code('Idempotency-Key')} header. Retry with the same key and the same body and you get the first answer again (with ${code('Idempotent-Replayed: true')}), never a second render. The same key with another body is refused with 422. Keys are kept for 24 hours.</p>
${examplesHtml(server)}
${sections.join('\n')}
<h2 id="errors">Errors</h2>
<p>Every error is RFC 9457 problem details, ${code('application/problem+json')}: ${code('type')}, ${code('title')}, ${code('status')}, ${code('detail')} (what to do), ${code('instance')} (the path), and for invalid input ${code('errors')}: a list of ${code('{ pointer, detail }')}.</p>
<ul>${problems.join('\n')}</ul>
<h2 id="schemas">Schemas</h2>
${schemaList.join('\n')}
</body></html>`;
}
