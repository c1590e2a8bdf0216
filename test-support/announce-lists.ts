// For the announce tests: a list of subscribers on each backend the command supports, and what a
// received message says.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../platform/db/pglite.ts';
import type { Db } from '../platform/db/types.ts';
import { formSignUp } from './app.ts';
import { postgresDatabase, seedPgliteDir, serverOnPglite, TEST_DATABASE_URL } from './databases.ts';
import type { ServerProcess } from './server-process.ts';
import type { SinkMessage } from './smtp-sink.ts';

export interface ListBackend {
  name: string;
  /** The settings that point the CLI at this list. */
  env: Record<string, string>;
  /** The running server, where there is one. */
  server?: ServerProcess;
  /** Someone signs up (again), the way this backend takes sign-ups. */
  signUp(email: string): Promise<void>;
  /** The database itself, where the command has its own connection (no server holds it). */
  withDb?(fn: (db: Db) => Promise<unknown>): Promise<void>;
  dispose(): Promise<void>;
}

/** person1's first name is "Pb": digits spelled as letters, so the greeting uses it. */
const firstNameOf = (i: number) => `P${String(i).replace(/\d/g, (d) => 'abcdefghij'[+d])}`;
const personAt = (i: number) => `person${i}@example.org`;
const people = (n: number, emailOf: (i: number) => string) =>
  Array.from(
    { length: n },
    (_, i) => `('${emailOf(i)}', ${i % 3 === 0 ? 'null' : `'${firstNameOf(i)}'`})`,
  ).join(',');
const insertOne = (email: string) =>
  `insert into public.tedxcommunity_emails (email) values ('${email.replace(/'/g, "''")}')`;
const insertSql = (n: number, emailOf: (i: number) => string) =>
  `insert into public.tedxcommunity_emails (email, first_name) values ${people(n, emailOf)}`;

/** The launch-day settings every announce test runs with: no pacing, short retry waits. */
export const ANNOUNCE_TEST_ENV = {
  MAIL_FROM: 'TEDxKampalaBS <hello@tedx.test>',
  SITE_URL: 'https://tedx.test',
  ANNOUNCE_RATE: '0',
  ANNOUNCE_RETRY_MS: '20',
};

/** Every way an organiser command reaches the list: its own connection to PGlite (the server
 * stopped) or to PostgreSQL, or the running server's socket. */
export const EVERY_BACKEND = [
  'PGlite',
  'running server',
  ...(TEST_DATABASE_URL ? ['PostgreSQL'] : []),
];

/** Each door (the command's own connection, the server's socket) and each engine at least once:
 * where PostgreSQL is there, it takes the own connection (PGlite has the socket). The launch-day
 * scenarios, where two runs meet, run on EVERY_BACKEND. */
export const BACKENDS = TEST_DATABASE_URL ? ['running server', 'PostgreSQL'] : EVERY_BACKEND;

/** The command's own connection, for a test that also reaches into the database (withDb):
 * PostgreSQL where it is there (a command opens it for 0.6 s of CPU less than PGlite). */
export const OWN_CONNECTION = TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** n people signed up in order, person0@example.org first unless `emailOf` says otherwise. */
export const listOn = (name: string, n: number, emailOf = personAt) =>
  listSeeded(name, (db) => db.exec(insertSql(n, emailOf)));

/** A list on `name`, filled by `seed` on the database before any command sees it. */
export async function listSeeded(
  name: string,
  seed: (db: Db) => Promise<unknown>,
): Promise<ListBackend> {
  if (name === 'PostgreSQL') {
    const database = postgresDatabase(TEST_DATABASE_URL ?? '');
    const db: Db = await database.open();
    await seed(db);
    return {
      name,
      env: { DATABASE_URL: database.url ?? '' },
      signUp: (email) => db.exec(insertOne(email)),
      withDb: async (fn) => void (await fn(db)),
      dispose: () => database.dispose(db),
    };
  }
  if (name === 'PGlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tedx-announce-'));
    await seedPgliteDir(dir, seed);
    const withDb = async (fn: (db: Db) => Promise<unknown>) => {
      const db = await openPglite({ dataDir: join(dir, 'pgdata') });
      try {
        await fn(db);
      } finally {
        await db.close();
      }
    };
    const signUp = (email: string) => withDb((db) => db.exec(insertOne(email)));
    const dispose = async () => rmSync(dir, { recursive: true, force: true });
    return { name, env: { DATA_DIR: dir }, signUp, withDb, dispose };
  }
  if (name === 'hosted Supabase') {
    // The same PostgREST calls hosted Supabase answers, asked by URL and key (SUPABASE_URL):
    // the project's own server stands in for it.
    const key = `sb_secret_${'h'.repeat(40)}`;
    const server = await serverOnPglite({ SUPABASE_SERVICE_ROLE_KEY: key }, seed);
    return {
      name,
      env: { SUPABASE_URL: server.origin, SUPABASE_SERVICE_ROLE_KEY: key },
      server,
      async signUp(email) {
        const response = await formSignUp(server.origin, email);
        if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
      },
      dispose: server.dispose,
    };
  }
  const server = await serverOnPglite({}, seed);
  return {
    name,
    env: { DATA_DIR: server.dataDir },
    server,
    async signUp(email) {
      const response = await formSignUp(server.origin, email);
      if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
    },
    dispose: server.dispose,
  };
}

/** Each recipient's Message-IDs, in the order the sink took their messages (a resent message
 * keeps its Message-ID: that is what a rerun after a crash is checked by). */
export function messageIdsByAddress(messages: SinkMessage[]): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const m of messages) {
    const id = m.headers.get('message-id') ?? '';
    const seen = ids.get(m.to);
    if (seen) seen.push(id);
    else ids.set(m.to, [id]);
  }
  return ids;
}

/** The message body with quoted-printable undone (enough to find links in both parts). */
export const decoded = (m: SinkMessage) =>
  m.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

export const unsubscribeHeaderUrl = (m: SinkMessage) =>
  /^<([^>]+)>$/.exec(m.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
