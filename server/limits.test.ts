// The real server process against clients that send too much or too slowly: it answers or
// closes, and honest requests go on being served meanwhile.
import { EventEmitter, once } from 'node:events';
import { createServer, request } from 'node:http';
import { connect, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverOnPglite, type PgliteServer } from '../test-support/databases.ts';
import {
  capConnections,
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
  const fakeSocket = (remoteAddress: string) =>
    Object.assign(new EventEmitter(), {
      remoteAddress,
      destroyed: false,
      destroy() {
        this.destroyed = true;
      },
    });
  /** Connections from `addresses` (each as many as the per-client cap), as the server sees them
   * arrive; the sockets it kept open. */
  function connectFrom(addresses: string[]) {
    const server = new EventEmitter();
    capConnections(server as unknown as NetServer, () => false);
    const kept: EventEmitter[] = [];
    for (const remoteAddress of addresses)
      for (let i = 0; i < MAX_CONNECTIONS_PER_CLIENT; i++) {
        const socket = fakeSocket(remoteAddress);
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
    const socket = fakeSocket('2001:db8:1:300::1');
    server.emit('connection', socket);
    expect(socket.destroyed).toBe(false);
  });

  it('of a trusted proxy are counted but never closed to make room; a full server of them closes a newcomer', () => {
    const server = new EventEmitter();
    const proxy = '10.0.0.1';
    capConnections(server as unknown as NetServer, (address) => address === proxy, 4);
    const arrive = (address: string) => {
      const socket = fakeSocket(address);
      server.emit('connection', socket);
      return socket;
    };
    const direct = arrive('192.0.2.1');
    const proxied = [arrive(proxy), arrive(proxy), arrive(proxy)];
    // Full: the proxy's next connection takes the place of the direct client's...
    proxied.push(arrive(proxy));
    expect(direct.destroyed).toBe(true);
    // ...and once the proxy holds every place, a newcomer of either kind is closed, none of its.
    expect(arrive('198.51.100.1').destroyed).toBe(true);
    expect(arrive(proxy).destroyed).toBe(true);
    expect(proxied.filter((socket) => socket.destroyed)).toEqual([]);
  });

  it('make room on a full server for a newcomer from another network, by closing the oldest of the network holding the most', async () => {
    const FULL = 12;
    const http = createServer((_req, res) => res.end('ok'));
    capConnections(http, () => false, FULL);
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    const { port } = http.address() as AddressInfo;
    /** A connection from `localAddress` (127.x.y.z: its /24 is 127.x.y.0/24) that the server has
     * seen, so the order of arrival is the order of the calls. */
    const open = async (localAddress: string) => {
      const seen = once(http, 'connection');
      const socket = connect({ host: '127.0.0.1', port, localAddress });
      socket.on('error', () => {}); // a reset is a close too
      await seen;
      return socket;
    };
    const get = (localAddress: string) =>
      new Promise<string>((resolve, reject) => {
        request({ host: '127.0.0.1', port, localAddress, agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve(body));
        })
          .on('error', reject)
          .end();
      });
    const held: Socket[] = [];
    const closed: Socket[] = [];
    try {
      // Two networks fill it with idle connections (a slowloris's): 7 and 5.
      for (const [localAddress, n] of [
        ['127.61.1.1', 4],
        ['127.61.1.2', 3],
        ['127.61.2.1', 5],
      ] as const)
        for (let i = 0; i < n; i++) held.push(await open(localAddress));
      for (const socket of held) socket.on('close', () => closed.push(socket));
      // A third network is served, and keeps its connection; the first network's oldest made room.
      const newcomer = connect({ host: '127.0.0.1', port, localAddress: '127.61.3.1' });
      held.push(newcomer.on('error', () => {}));
      newcomer.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      const answer = await new Promise<string>((resolve) => {
        newcomer.once('data', (chunk) => resolve(String(chunk)));
        newcomer.once('close', () => resolve('closed unanswered'));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 [^]*ok$/);
      await vi.waitFor(() => expect(closed).toEqual([held[0]]));
      // Full again (6, 5 and 1): a neighbour in the network holding the most, or one in the other
      // network, would only take the place of one of theirs: it is closed instead.
      await expect(get('127.61.1.3')).rejects.toThrow();
      await expect(get('127.61.2.2')).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closed).toEqual([held[0]]);
    } finally {
      for (const socket of held) socket.destroy();
      http.close();
    }
  });
});
