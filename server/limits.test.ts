// The real server process against clients that send too much or too slowly: it answers or
// closes, and honest requests go on being served meanwhile.
import { EventEmitter } from 'node:events';
import { connect, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverOnPglite, type PgliteServer } from '../test-support/databases.ts';
import {
  capConnectionsPerClient,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_CLIENT,
  MAX_CONNECTIONS_PER_NETWORK,
  SERVER_LIMITS,
} from './limits.ts';

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

describe('connection slots', () => {
  /** Connections from `addresses` (each as many as the per-client cap), as the server sees them
   * arrive; the sockets it kept open. */
  function connectFrom(addresses: string[]) {
    const server = new EventEmitter();
    capConnectionsPerClient(server as unknown as NetServer, () => false);
    const kept: EventEmitter[] = [];
    for (const remoteAddress of addresses)
      for (let i = 0; i < MAX_CONNECTIONS_PER_CLIENT; i++) {
        const socket = Object.assign(new EventEmitter(), {
          remoteAddress,
          destroyed: false,
          destroy() {
            this.destroyed = true;
          },
        });
        server.emit('connection', socket);
        if (!socket.destroyed) kept.push(socket);
      }
    return { server, kept };
  }

  it('are held per network: four addresses of one /48 (or one /24) cannot take them all', () => {
    const sameSlash48 = [
      '2001:db8:1:100::1',
      '2001:db8:1:200::1',
      '2001:db8:1:300::1',
      '2001:db8:1:400::1',
    ];
    expect(connectFrom(sameSlash48).kept).toHaveLength(MAX_CONNECTIONS_PER_NETWORK);
    const sameSlash24 = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'];
    expect(connectFrom(sameSlash24).kept).toHaveLength(MAX_CONNECTIONS_PER_NETWORK);
    expect(MAX_CONNECTIONS_PER_NETWORK).toBeLessThan(MAX_CONNECTIONS);
    // Four networks still fill the server, each its own share.
    const fourNetworks = ['2001:db8:1::1', '2001:db8:2::1', '192.0.2.1', '198.51.100.1'];
    expect(connectFrom(fourNetworks).kept).toHaveLength(4 * MAX_CONNECTIONS_PER_CLIENT);
  });

  it('come back as connections close', () => {
    const { server, kept } = connectFrom(['2001:db8:1:100::1', '2001:db8:1:200::1']);
    expect(kept).toHaveLength(MAX_CONNECTIONS_PER_NETWORK);
    kept[0].emit('close');
    const socket = Object.assign(new EventEmitter(), {
      remoteAddress: '2001:db8:1:300::1',
      destroyed: false,
      destroy() {
        this.destroyed = true;
      },
    });
    server.emit('connection', socket);
    expect(socket.destroyed).toBe(false);
  });
});
