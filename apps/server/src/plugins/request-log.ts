import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters a client may put a credential in by mistake (`?api_key=…`, `?token=…`). */
const SECRET_PARAMETER =
  /^(api[-_]?key|x[-_]api[-_]key|key|token|access[-_]?token|auth|authorization|secret|password|code)$/i;
/** An API key wherever it appears (`rw_` and its base64url body, see accounts/api-keys.ts). */
const API_KEY = /rw_[A-Za-z0-9_-]{16,}/g;
const REDACTED = '[REDACTED]';

/**
 * The request URL as the log may keep it: the values of credential-like query parameters and
 * anything shaped like an API key are replaced. The rest keeps its spelling, for reading logs.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  const path = start === -1 ? url : url.slice(0, start);
  const query =
    start === -1
      ? ''
      : `?${url
          .slice(start + 1)
          .split('&')
          .map((pair) => {
            const equals = pair.indexOf('=');
            const name = equals === -1 ? pair : pair.slice(0, equals);
            return equals !== -1 && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
          })
          .join('&')}`;
  return `${path}${query}`.replace(API_KEY, REDACTED);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Fastify's request fields in the log, with the URL redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options (or the caller's), always with the redacting request serializer. */
export function appLoggerOptions(
  level: string,
  override: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (override === false) return false;
  const base = typeof override === 'object' ? override : { level };
  return { ...base, serializers: { ...base.serializers, req: requestForLog } };
}
