// fetch over a Unix socket, for supabase-js (global.fetch): the organiser commands' one way to
// the running server (platform/server-socket.ts). node:http takes a socket path; Node's own
// fetch does not. Before each connection, the path must still be the socket verified-server.ts
// checked (its device and inode): one swapped in since, by renaming a folder above it, gets
// nothing.
import { lstatSync, type Stats } from 'node:fs';
import { request } from 'node:http';
import { buffer } from 'node:stream/consumers';

export function socketFetch(checked: Stats & { path: string }): typeof fetch {
  const { path } = checked;
  return async (input, init) => {
    const now = lstatSync(path, { throwIfNoEntry: false });
    if (now?.dev !== checked.dev || now.ino !== checked.ino)
      throw new Error(
        `${path} is no longer the socket this command checked: the service-role key was not sent`,
      );
    const req = new Request(input, init);
    const url = new URL(req.url);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    return new Promise<Response>((resolveResponse, reject) => {
      const outgoing = request(
        {
          socketPath: path,
          method: req.method,
          path: url.pathname + url.search,
          headers: Object.fromEntries(req.headers),
          signal: req.signal,
        },
        (res) => {
          buffer(res).then((content) => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const one of [value ?? []].flat()) headers.append(name, one);
            const status = res.statusCode ?? 500;
            const empty = status === 204 || status === 304 || req.method === 'HEAD';
            resolveResponse(new Response(empty ? null : content, { status, headers }));
          }, reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
