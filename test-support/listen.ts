// Any fetch handler (the app, the Edge Function's handler) listening on a free loopback port in
// this process, so code under test reaches it with a real fetch over HTTP.
import { createAdaptorServer, serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { freePort } from './free-port.ts';

export interface Listening {
  origin: string;
  close: () => Promise<void>;
}

type Handler = (request: Request) => Response | Promise<Response>;

const closing = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** On a free loopback port, or on `port` when given. */
export async function listen(fetch: Handler, port?: number): Promise<Listening> {
  const at = port ?? (await freePort());
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch, port: at, hostname: '127.0.0.1' }, () => resolve(s as Server));
    s.once('error', reject);
  });
  return { origin: `http://127.0.0.1:${at}`, close: closing(server) };
}

/** On a Unix socket at `path` (the origin is nominal). */
export async function listenOnSocket(fetch: Handler, path: string): Promise<Listening> {
  const server = createAdaptorServer({ fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { origin: 'http://localhost', close: closing(server) };
}
