// How long and how much one client may hold the Node server. A sign-up is a few hundred bytes
// sent in well under a second; these leave room for a slow phone on a campus network and none
// for a client that trickles its headers (slowloris) or parks idle sockets.
import type { ServerOptions } from 'node:http';
import type { Server as NetServer, Socket } from 'node:net';
import { canonical, networks } from './client-address.ts';

// Node's own options (the headers, the whole request, an idle keep-alive connection; how often
// those are checked).
export const SERVER_LIMITS: ServerOptions = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  /** Node's default is 16 KB; a supabase-js request sends under 1 KB of headers. */
  maxHeaderSize: 8 * 1024,
  connectionsCheckingInterval: 1_000,
};

/** Open connections at once; a browser opens a handful, a proxy reuses a pool. */
export const MAX_CONNECTIONS = 1_000;

/** Open connections of one client that connects directly, and of one network above it
 * (client-address.ts networks()): none takes them all, and a lecture hall behind one NAT address
 * still fits (docs/deploying.md, "What the limits count"). */
export const MAX_CONNECTIONS_PER_CLIENT = MAX_CONNECTIONS / 4;
export const MAX_CONNECTIONS_PER_NETWORK = MAX_CONNECTIONS / 2;

/**
 * Closes, as it arrives, a connection beyond the cap of its client or of a network above it. When
 * `max` are open, a newcomer takes the place of the oldest connection of the key (client or
 * network) holding the most, if each of its own keys holds at least two fewer: after the swap it
 * holds no more than that key, so two networks never take turns closing each other's. A trusted
 * proxy's connections are counted, not capped and never closed to make room; when they hold every
 * place, a newcomer is closed. The table only holds keys with an open connection, so it is bounded
 * by `max` times the levels; the search for the most is a pass over it, and only when full.
 */
export function capConnections(
  server: NetServer,
  isProxy: (address: string) => boolean,
  max = MAX_CONNECTIONS,
) {
  /** Each key's open connections, oldest first. */
  const open = new Map<string, Set<Socket>>();
  /** Every open connection and its keys (a proxy's has none). */
  const keysOf = new Map<Socket, string[]>();
  // At once, not on 'close' (which comes later): the next newcomer must not pick it again.
  const release = (socket: Socket) => {
    for (const key of keysOf.get(socket) ?? []) {
      open.get(key)?.delete(socket);
      if (!open.get(key)?.size) open.delete(key);
    }
    keysOf.delete(socket);
  };
  const makeRoom = (keys: string[]) => {
    let most: Set<Socket> | undefined;
    for (const sockets of open.values()) if (sockets.size > (most?.size ?? 0)) most = sockets;
    if (!most || keys.some((key) => (open.get(key)?.size ?? 0) + 2 > most.size)) return false;
    const [oldest] = most;
    release(oldest);
    oldest.destroy();
    return true;
  };
  server.on('connection', (socket: Socket) => {
    const address = canonical(socket.remoteAddress ?? '') ?? '';
    const mine = isProxy(address) ? [] : networks(address);
    const keys = mine.map(({ key }) => key);
    const capped = mine.some(
      ({ key, clients }) =>
        (open.get(key)?.size ?? 0) >=
        (clients === 1 ? MAX_CONNECTIONS_PER_CLIENT : MAX_CONNECTIONS_PER_NETWORK),
    );
    if (capped || (keysOf.size >= max && !makeRoom(keys))) {
      socket.destroy();
      return;
    }
    keysOf.set(socket, keys);
    for (const key of keys) open.set(key, (open.get(key) ?? new Set()).add(socket));
    socket.once('close', () => release(socket));
  });
}
