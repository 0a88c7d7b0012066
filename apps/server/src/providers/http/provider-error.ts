/**
 * The one error vocabulary of the providers (D64): every adapter, calling an outside service or
 * running an embedded engine, fails with a ProviderError whose `kind` says what went wrong. The
 * domains decide what a member sees for each kind; where one does not, the error answers on its
 * own (it is an AppError): 429 when rate limited, 503 when out of quota, 504 on a time-out, else
 * 502 naming the provider.
 */
import { AppError } from '../../errors';

/**
 * Why a provider failed:
 * - `auth`: the server's key or signature was refused (401, 403, a vendor's own code). The
 *   operator's configuration is wrong, not the member's request.
 * - `quota`: the account's allowance is spent (402, OpenAI `insufficient_quota`, ElevenLabs
 *   `quota_exceeded`); it takes the operator, or the next billing period, to fix.
 * - `rate_limited`: too many calls just now (429, AWS throttling); trying later helps, and
 *   `retryAfterSeconds` says when if the vendor did.
 * - `bad_request`: the vendor refused this input (other 4xx): the text, the voice, the picture.
 * - `timeout`: no whole answer within the time limit.
 * - `unavailable`: unreachable, 408, 5xx, or an embedded engine that broke down.
 * - `bad_answer`: a 2xx answer that cannot be read (not JSON, no audio).
 */
export type ProviderErrorKind =
  | 'auth'
  | 'quota'
  | 'rate_limited'
  | 'bad_request'
  | 'timeout'
  | 'unavailable'
  | 'bad_answer';

/** The status and stable code of each kind where no domain says otherwise. */
const EDGE: Record<ProviderErrorKind, { status: number; code: string }> = {
  auth: { status: 502, code: 'provider_auth' },
  quota: { status: 503, code: 'provider_quota' },
  rate_limited: { status: 429, code: 'provider_rate_limited' },
  bad_request: { status: 502, code: 'provider_bad_request' },
  timeout: { status: 504, code: 'provider_timeout' },
  unavailable: { status: 502, code: 'provider_unavailable' },
  bad_answer: { status: 502, code: 'provider_bad_answer' },
};

export class ProviderError extends AppError {
  constructor(
    /** The provider's name in messages: 'google', 'Pixabay', 'remove.bg'. */
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    /** Seconds the vendor asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(EDGE[kind].status, EDGE[kind].code, message);
    this.name = 'ProviderError';
  }

  /** Whether trying the same call again cannot help: the key or the input is wrong. */
  get permanent(): boolean {
    return this.kind === 'auth' || this.kind === 'bad_request';
  }
}

/**
 * The kind an HTTP status implies, one reading for every vendor: 401/403 auth, 402 quota, 429
 * rate_limited, 408 and 5xx unavailable, other 4xx bad_request. A vendor's own error code may
 * correct it (`readError` of `vendorFetch`).
 */
export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota';
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500 && status !== 408) return 'bad_request';
  return 'unavailable';
}
