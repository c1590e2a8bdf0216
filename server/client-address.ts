// Who is asking: the connection's peer, or, when the peer is one of the proxies named in
// TRUST_PROXY, the client that proxy reports in X-Forwarded-For. Anything else in that header
// (sent by a visitor directly, or not an IP address) is ignored: it would let one client pose as
// many and walk past the rate limits.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { BlockList, isIP } from 'node:net';

/** The proxies whose X-Forwarded-For is believed; null when there are none. */
export type TrustedProxies = BlockList | null;

/** `127.0.0.1`, `::1`, `10.0.0.0/8`: a valid address or CIDR range, else null. */
export function parseProxyEntry(entry: string): { address: string; prefix?: number } | null {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return null;
  if (prefix === undefined) return { address };
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return null;
  return { address, prefix: bits };
}

export function trustedProxies(entries: readonly string[]): TrustedProxies {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) throw new Error(`not an address or range: ${entry}`);
    const type = isIP(parsed.address) === 4 ? 'ipv4' : 'ipv6';
    if (parsed.prefix === undefined) list.addAddress(parsed.address, type);
    else list.addSubnet(parsed.address, parsed.prefix, type);
  }
  return list;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as `1.2.3.4`. */
export const unmapped = (address: string) =>
  address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

export function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The connection's peer, or undefined when there is no connection (app.request() in tests). */
function peerAddress(c: Context): string | undefined {
  if (!c.env) return undefined;
  try {
    const address = getConnInfo(c).remote.address;
    return address ? unmapped(address) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client's address. Behind trusted proxies, X-Forwarded-For is read from the right (each
 * proxy appends the address it saw): the first entry that is not itself a trusted proxy is the
 * client; an entry that is not an IP address ends the walk at the last hop that was trusted.
 */
export function clientAddress(c: Context, trusted: TrustedProxies): string {
  const peer = peerAddress(c) ?? 'unknown';
  if (!trusted || !isTrusted(trusted, peer)) return peer;
  const hops = c.req.header('x-forwarded-for')?.split(',') ?? [];
  let client = peer;
  for (let i = hops.length - 1; i >= 0 && i >= hops.length - 20; i--) {
    const hop = unmapped(hops[i].trim());
    if (!isIP(hop)) break;
    client = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  return client;
}

/**
 * The key a rate limit counts: an IPv4 address, or an IPv6 address's /64 (one home or phone gets
 * a whole /64, so counting single IPv6 addresses would give each of them 2^64 budgets).
 */
export function rateKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return (
    groups
      .slice(0, 4)
      .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}
