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
 * Closes, as it arrives, a connection beyond the cap of its client or of a network above it. The
 * table only holds keys with an open connection, so it is bounded by MAX_CONNECTIONS times the
 * levels.
 */
export function capConnectionsPerClient(server: NetServer, isProxy: (address: string) => boolean) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = canonical(socket.remoteAddress ?? '');
    if (!address || isProxy(address)) return;
    const keys = networks(address).map(({ key, clients }) => ({
      key,
      max: clients === 1 ? MAX_CONNECTIONS_PER_CLIENT : MAX_CONNECTIONS_PER_NETWORK,
    }));
    if (keys.some(({ key, max }) => (open.get(key) ?? 0) >= max)) {
      socket.destroy();
      return;
    }
    for (const { key } of keys) open.set(key, (open.get(key) ?? 0) + 1);
    socket.once('close', () => {
      for (const { key } of keys) {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      }
    });
  });
}
