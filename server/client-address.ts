// Who is asking, and the networks it belongs to. The client is the connection's peer or, when the
// peer is one of the proxies named in TRUST_PROXY, the client that proxy reports in
// X-Forwarded-For (proxy-addr, the walk Express uses: from the right, past trusted proxies).
// Anything else in that header (sent by a visitor directly, or not an IP address) is ignored: it
// would let one client pose as many and walk past the limits.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

/** TRUST_PROXY's addresses and CIDR ranges as one check (whether an address is one of the
 * proxies); throws on an entry that is neither. */
export function trustedProxies(entries: readonly string[]): (address: string) => boolean {
  const trust = proxyaddr.compile([...entries]);
  return (address) => trust(address, 0);
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as `1.2.3.4`; IPv6 in one spelling. */
export function canonical(address: string): string | null {
  return isIP(address) ? ipaddr.process(address).toString() : null;
}

/** The connection's peer, or undefined when there is no connection (app.request() in tests). */
function peerAddress(c: Context): string | undefined {
  try {
    return canonical(getConnInfo(c).remote.address ?? '') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client's address. An entry of X-Forwarded-For that is not an IP address ends the walk at
 * the last hop that was trusted.
 */
export function clientAddress(c: Context, trusted: ReturnType<typeof trustedProxies>): string {
  const peer = peerAddress(c);
  if (!peer) return 'unknown';
  // A visitor connecting directly (every request without TRUST_PROXY): its header is not read.
  if (!trusted(peer)) return peer;
  const forwarded = c.req.header('x-forwarded-for');
  const request = {
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  } as unknown as IncomingMessage;
  const hops = proxyaddr.all(request, trusted);
  return canonical(hops[hops.length - 1]) ?? canonical(hops[hops.length - 2]) ?? peer;
}

/** `address` with every bit past `bits` cleared, as a CIDR range. */
function prefix(ip: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string {
  const bytes = ip.toByteArray().map((byte, i) => {
    const keep = Math.min(8, Math.max(0, bits - i * 8));
    return byte & (0xff << (8 - keep));
  });
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}

/**
 * The client and the networks above it, each with its own budget (`clients`: how many clients'
 * worth), all spent by one request: the same keys and numbers as the SQL sign-up budget
 * (decision 0025, "Client and networks").
 */
export function networks(address: string): { key: string; clients: number }[] {
  if (!isIP(address)) return [{ key: address, clients: 1 }];
  const ip = ipaddr.process(address);
  return ip.kind() === 'ipv4'
    ? [
        { key: ip.toString(), clients: 1 },
        { key: prefix(ip, 24), clients: 4 },
      ]
    : [
        { key: prefix(ip, 64), clients: 1 },
        { key: prefix(ip, 56), clients: 2 },
        { key: prefix(ip, 48), clients: 4 },
      ];
}
