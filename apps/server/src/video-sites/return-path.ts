/** Any origin will do: only whether the path stays on it matters. */
const APP = new URL('http://app.invalid');

/**
 * `returnTo` as the path of this app a browser would go to, after the URL parser's normalisation
 * (dot segments, backslashes, tabs), or null when it would leave the app: `/.//evil.example/x`
 * passes a "starts with one slash" check yet normalises to the other site's `//evil.example/x`.
 */
export function appReturnPath(returnTo: string): string | null {
  if (!/^\/(?![/\\])/.test(returnTo)) return null;
  let url: URL;
  try {
    url = new URL(returnTo, APP);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === APP.origin && !/^\/[/\\]/.test(path) ? path : null;
}
