import ipaddr from 'ipaddr.js';

/** The only IPv6 block handed out for global unicast (RFC 4291 §2.4); the rest is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Whether an IP address (as data, v4 or v6, a zone id allowed) is a public unicast address an
 * outgoing fetch may connect to. Refused: loopback, private (RFC 1918), link-local,
 * unique-local, multicast, broadcast, unspecified, carrier-grade NAT, documentation and other
 * reserved blocks, and IPv6 outside 2000::/3 (which covers IPv4-compatible `::a.b.c.d`, NAT64
 * `64:ff9b::/96` and discard `100::/64`). IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is judged as the
 * IPv4 address it carries. Anything that does not parse is not public.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) address = v6.toIPv4Address();
    else if (!v6.match(GLOBAL_UNICAST_V6)) return false;
  }
  return address.range() === 'unicast';
}
