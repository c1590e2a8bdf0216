// The real server process against clients that send too much or too slowly: it answers or
// closes, and honest requests go on being served meanwhile.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverOnPglite, type PgliteServer } from '../test-support/databases.ts';
import { SERVER_LIMITS } from './limits.ts';

const HEADERS_TIMEOUT = SERVER_LIMITS.headersTimeout ?? 0;

let server: PgliteServer;
beforeAll(async () => {
  server = await serverOnPglite();
}, 60_000);
afterAll(() => server?.dispose());

/** Raw bytes on a socket; resolves with what came back once the server closes it. */
function raw(write: (socket: ReturnType<typeof connect>) => void, timeoutMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(server.port, '127.0.0.1', () => write(socket));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {}); // a reset is a close too
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${timeoutMs} ms`));
    }, timeoutMs);
  });
}

describe('the Node server', () => {
  it('refuses headers larger than its limit with 431', async () => {
    const { answer } = await raw((s) => {
      s.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    }, 5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('closes a connection that trickles its headers (slowloris), and serves others meanwhile', async () => {
    const slow = raw((s) => {
      s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      const drip = setInterval(() => s.writable && s.write('X-Slow: 1\r\n'), 500);
      s.on('close', () => clearInterval(drip));
    }, HEADERS_TIMEOUT + 5_000);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    const { answer, closedAfterMs } = await slow;
    expect(answer === '' || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
    expect(closedAfterMs).toBeLessThan(HEADERS_TIMEOUT + 3_000);
  }, 30_000);
});
