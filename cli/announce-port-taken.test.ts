// Launch day with the site up, and the server's port taken mid-run: the server stops (killed) and
// another program listens on its port at once. The organiser command talks to the server over
// the socket in DATA_DIR only, so that program gets no request, and so never the service-role key.
import { statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { socketPath } from '../platform/server-socket.ts';
import { listen } from '../test-support/listen.ts';
import { runNode } from '../test-support/server-process.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';
import { ANNOUNCE_TEST_ENV, listOn } from '../test-support/announce-lists.ts';

describe(
  'announce when another program takes the server port mid-run',
  { timeout: 120_000 },
  () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step();
    });

    it('sends it no key: sending stops with one line', async () => {
      const list = await listOn('running server', 30);
      cleanup.push(() => list.dispose());
      const server = list.server;
      if (!server) throw new Error('no running server');
      // The socket is the holder's own, and the port answers no proof of holding DATA_DIR.
      expect(statSync(socketPath(list.env.DATA_DIR)).mode & 0o777).toBe(0o600);
      const proof = await fetch(
        `${server.origin}/.well-known/data-dir-holder?challenge=${'0'.repeat(32)}`,
      );
      expect(proof.status).toBe(404);
      const sink = await startSmtpSink();
      cleanup.push(() => sink.close());

      const child = runNode(['cli/announce.ts', '--campaign', 'taken', '--yes'], {
        ...ANNOUNCE_TEST_ENV,
        ...list.env,
        SMTP_URL: sink.url(),
        ANNOUNCE_RATE: '15',
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      while (sink.count() < 5 && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 10));

      server.child.kill('SIGKILL');
      const requests: { path: string; key: string | null }[] = [];
      let taker = null;
      while (!taker && child.exitCode === null) {
        taker = await listen((request) => {
          const key = request.headers.get('apikey') ?? request.headers.get('authorization');
          requests.push({ path: new URL(request.url).pathname, key });
          return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
        }, server.port).catch(() => null);
      }
      if (taker) cleanup.push(taker.close);

      expect(await exited).toBe(1);
      expect(taker).not.toBeNull();
      expect(requests).toEqual([]);
      expect(stderr.trim().split('\n').at(-1)).toMatch(
        /^The database stopped answering \(the running server \(.+server\.sock\): .+\), so sending stopped/,
      );
    });
  },
);
