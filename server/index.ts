// The server process: settings, database, listen; on SIGTERM/SIGINT stop accepting, finish
// what is in flight, close the database, release DATA_DIR.
import { createAdaptorServer, serve } from '@hono/node-server';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { DataDirLockedError } from '../platform/db/lock.ts';
import { MigrationChangedError } from '../platform/db/migrate.ts';
import { openDatabase } from '../platform/db/open.ts';
import { dataDirProblem, resolveServiceRoleKey } from '../platform/service-key.ts';
import { trustedProxies } from './client-address.ts';
import { capConnections, SERVER_LIMITS } from './limits.ts';
import { retentionNotice } from '../platform/retention.ts';
import { socketPath, socketPathProblem } from '../platform/server-socket.ts';
import { DATABASE_URL_ADVICE, settingsOrExit } from '../platform/settings.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const settings = settingsOrExit({ site: true });
const log = (line: string) => process.stdout.write(line + '\n');
function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
const unsafe = dataDirProblem(settings.dataDir);
if (unsafe) fail(unsafe);

const opened = await openDatabase(settings).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    fail(
      `${error.message}${error.holder.port ? ` (a server on port ${error.holder.port})` : ''}: stop it or use another DATA_DIR`,
    );
  }
  const advice =
    settings.databaseUrl && !(error instanceof MigrationChangedError)
      ? `. ${DATABASE_URL_ADVICE}`
      : '';
  return fail(`Could not open the database: ${(error as Error).message}${advice}`);
});
const { db, lock } = opened;
// Asked now, of the database just opened, for the start log: the sign-ups are counted (by the
// commands' own function) only once the day has passed, and an erased list needs no reminder.
const overdue = await retentionNotice(async () => {
  const { rows } = await db.query<{ n: string }>('select public.tedxcommunity_signup_count() as n');
  return Number(rows[0].n);
});

const serviceRoleKey = resolveServiceRoleKey(settings.serviceRoleKey, settings.dataDir);
/** A fatal database error: one line, non-zero exit, so a supervisor restarts a clean process. */
const die = (reason: string) =>
  fail(`Stopping: ${reason}; restart the server (and check the disk if it is full)`);
const app = createApp({ db, settings: { ...settings, serviceRoleKey }, log, onFatal: die });
const closeAndFail = async (line: string) => {
  await opened.close().catch(() => {});
  fail(line);
};

/**
 * The organiser commands' way in (platform/server-socket.ts): the same app on a socket in
 * DATA_DIR that only this user can open, made before the lock names a port. None without the
 * lock (DATABASE_URL: the commands open the database themselves).
 */
function listenOnSocket(): Server | null {
  const problem = lock && socketPathProblem(settings.dataDir);
  if (!lock || problem) {
    if (problem) log(problem);
    return null;
  }
  const path = socketPath(settings.dataDir);
  rmSync(path, { force: true }); // a killed holder's: this process holds the lock now
  const socketServer = createAdaptorServer({ fetch: app.fetch, serverOptions: SERVER_LIMITS });
  socketServer.on('error', (error: NodeJS.ErrnoException) =>
    closeAndFail(`Could not listen on ${path} (${error.code ?? error.message})`),
  );
  // Made 0600 as it is bound (listen binds before it returns): no moment when others may connect.
  const umask = process.umask(0o177);
  try {
    socketServer.listen(path);
  } finally {
    process.umask(umask);
  }
  return socketServer as Server;
}
const socketServer = listenOnSocket();

const server = serve(
  {
    fetch: app.fetch,
    port: settings.port,
    hostname: settings.host,
    serverOptions: SERVER_LIMITS,
  },
  (info) => {
    lock?.update(info.port, settings.host);
    const shownHost =
      settings.host === '0.0.0.0' || settings.host === '::' ? 'localhost' : settings.host;
    log(
      `Server ready at http://${shownHost}:${info.port}/ (database: ${db.kind === 'pglite' ? `PGlite in ${settings.dataDir}` : 'PostgreSQL'})`,
    );
    if (overdue) log(overdue);
  },
) as Server;
// The cap on all connections too: not server.maxConnections, which closes a newcomer before
// 'connection' is emitted, so it could not take the place of a network holding the most.
capConnections(server, trustedProxies(settings.trustProxy));

/** What an operator can change when the address cannot be listened on: the setting, named. */
function listenAdvice(code: string | undefined): string {
  if (code === 'EADDRINUSE')
    return `another program uses port ${settings.port}: stop it, or set PORT to a free port`;
  if (code === 'EACCES')
    return `ports below 1024 need root: set PORT to 1024 or above (3000 by default)`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `${settings.host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them`;
  return 'check HOST and PORT';
}

server.on('error', (error: NodeJS.ErrnoException) =>
  closeAndFail(
    `Could not listen on ${settings.host}:${settings.port} (${error.code ?? error.message}): ${listenAdvice(error.code)}`,
  ),
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log(`${signal}: finishing requests in flight, then closing the database`);
  setTimeout(() => fail('Shutdown took too long; exiting'), SHUTDOWN_GRACE_MS).unref();
  // Keep-alive connections would hold close() open: drop each as soon as it is idle.
  const sweep = setInterval(() => {
    server.closeIdleConnections();
    socketServer?.closeIdleConnections();
  }, 50);
  const closed = [server, socketServer].map(
    (s) => s && new Promise<void>((resolve) => s.close(() => resolve())),
  );
  await Promise.all(closed);
  clearInterval(sweep);
  await opened.close();
  log('Stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
