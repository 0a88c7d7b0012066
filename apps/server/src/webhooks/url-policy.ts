/**
 * Which webhook URLs a member may register: http(s), https unless the fetch policy reaches
 * private addresses (tests, intranets; as for push endpoints), and a host whose every address the
 * guarded fetch would connect to. The fetch checks again at each delivery, on the address it
 * actually uses; this check is for a clear answer at registration.
 */
import dns from 'node:dns';
import net from 'node:net';
import { badRequest } from '../errors';
import { isPublicAddress } from '../net/address-policy';
import type { FetchPolicy, ResolvedAddress } from '../net/guarded-fetch';

/** The first address the policy refuses, or null when the fetch may reach all of them. Pure. */
export function refusedAddress(addresses: readonly string[], policy: Pick<FetchPolicy, 'allowPrivate'>): string | null {
  if (policy.allowPrivate) return null;
  return addresses.find((address) => !isPublicAddress(address)) ?? null;
}

/** Why the URL's form is refused (scheme), or null. Pure. */
export function urlFormProblem(url: URL, policy: Pick<FetchPolicy, 'allowPrivate'>): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && policy.allowPrivate) return null;
  return 'url must be an https address, such as https://example.com/hooks/reelwright.';
}

/** Throws a 400 naming the problem when the URL may not receive webhooks. */
export async function checkWebhookUrl(text: string, policy: FetchPolicy): Promise<void> {
  const url = new URL(text);
  const formProblem = urlFormProblem(url, policy);
  if (formProblem) throw badRequest(formProblem, 'url');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const addresses = net.isIP(host) ? [host] : await resolveAll(host, policy);
  const refused = refusedAddress(addresses, policy);
  if (refused) {
    throw badRequest(
      `${host} is (or resolves to) ${refused}, which is not a public address: webhooks go to public servers only.`,
      'url',
      'private_address',
    );
  }
}

async function resolveAll(host: string, policy: FetchPolicy): Promise<string[]> {
  const resolve =
    policy.resolve ??
    ((name: string): Promise<ResolvedAddress[]> => dns.promises.lookup(name, { all: true, verbatim: true }));
  const found = await resolve(host).catch(() => [] as ResolvedAddress[]);
  if (found.length === 0) throw badRequest(`${host} could not be found: check the address.`, 'url', 'unknown_host');
  return found.map((entry) => entry.address);
}
