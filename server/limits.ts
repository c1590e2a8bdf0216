// How long and how much one client may hold the Node server. A sign-up is a few hundred bytes
// sent in well under a second; these leave room for a slow phone on a campus network and none
// for a client that trickles its headers (slowloris) or parks idle sockets.
import type { ServerOptions } from 'node:http';

export const SERVER_LIMITS: ServerOptions = {
  /** The whole header block must arrive within this. */
  headersTimeout: 10_000,
  /** The whole request, body included. */
  requestTimeout: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: 5_000,
  /** Node's default is 16 KB; a supabase-js request sends under 1 KB of headers. */
  maxHeaderSize: 8 * 1024,
  /** How often the timeouts above are checked. */
  connectionsCheckingInterval: 1_000,
};

/** Open connections at once; a browser opens a handful, a proxy reuses a pool. */
export const MAX_CONNECTIONS = 1_000;
