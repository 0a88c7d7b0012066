/**
 * AWS's JSON and REST-JSON errors (Polly, Transcribe): the exception name in `x-amzn-ErrorType`
 * or `__type` (maybe `namespace#Name` or `Name:http://…`), the text in `message` or `Message`.
 * The name decides the kind, whatever the status: throttling can come as a 400.
 */
import type { ProviderErrorKind } from './provider-error';
import { tryJson, type VendorErrorDetail } from './vendor-fetch';

const AUTH = [
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'IncompleteSignatureException',
  'MissingAuthenticationTokenException',
  'AccessDeniedException',
  'ExpiredTokenException',
  'InvalidClientTokenId',
];
/** Throttling, and Transcribe's limit of jobs at once: both pass if we wait. */
const RATE_LIMITED = ['ThrottlingException', 'TooManyRequestsException', 'LimitExceededException'];
const UNAVAILABLE = ['InternalFailureException', 'ServiceFailureException', 'ServiceUnavailableException'];

/** The exception name of an AWS error answer, '' when it has none. */
export function awsErrorType(body: string, headers: Headers): string {
  const json = tryJson(body) as { __type?: string } | undefined;
  const raw = headers.get('x-amzn-errortype') ?? json?.__type ?? '';
  return raw.split(':')[0]?.split('#').pop() ?? '';
}

/** `readError` for AWS services: `Type: message`, and the kind the type implies. */
export function readAwsError(body: string, _status: number, headers: Headers): VendorErrorDetail {
  const json = tryJson(body) as { message?: string; Message?: string } | undefined;
  const type = awsErrorType(body, headers);
  const message = json?.message ?? json?.Message ?? '';
  const kind: ProviderErrorKind | undefined = AUTH.includes(type)
    ? 'auth'
    : RATE_LIMITED.includes(type)
      ? 'rate_limited'
      : UNAVAILABLE.includes(type)
        ? 'unavailable'
        : undefined;
  return { message: type && message ? `${type}: ${message}` : message || type || body.slice(0, 300), kind };
}
