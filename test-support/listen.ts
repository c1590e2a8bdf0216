// Any fetch handler (the app, the Edge Function's handler) listening on a free loopback port in
// this process, so code under test reaches it with a real fetch over HTTP.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { freePort } from './free-port.ts';

export interface Listening {
  origin: string;
  close: () => Promise<void>;
}

export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<Listening> {
  const port = await freePort();
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch, port, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
