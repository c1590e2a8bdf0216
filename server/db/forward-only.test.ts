// Forward-only migrations, as a deployment meets them: an applied migration edited since stops
// the server and the organiser CLI, each with one line naming the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPgliteDir } from '../../test-support/databases.ts';
import { runCli, startServer } from '../../test-support/server-process.ts';
import { migrationFile, readMigrations } from '../../platform/db/migrate.ts';

let dir: string;
const first = readMigrations()[0];
const line = `${migrationFile(first)} was changed after it was applied: restore it (git checkout) and put the change in a new migration`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tedx-forward-'));
  // As if the file had been edited after it ran: the recorded checksum no longer matches.
  await seedPgliteDir(dir, (db) =>
    db.query('update supabase_migrations.checksums set sha256 = $1 where version = $2', [
      '0'.repeat(64),
      first.version,
    ]),
  );
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an applied migration that changed', () => {
  it('stops the server with one line naming the file, and a non-zero exit', async () => {
    const started = startServer({ DATA_DIR: dir });
    await expect(started).rejects.toThrow(/exited \(1\)/);
    const error = (await started.catch((e: Error) => e.message)) as string;
    expect(error.trimEnd().split('\n').slice(1)).toEqual([`Could not open the database: ${line}`]);
  }, 60_000);

  it('stops the organiser CLI with the same line', async () => {
    const { code, stderr } = await runCli(['cli/subscribers.ts', 'count'], { DATA_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toBe(line + '\n');
  }, 60_000);
});
