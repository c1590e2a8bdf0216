// What a visitor typed never reaches the organisers' terminal raw (issue 32): rows stored before
// the table refused control characters are printed with them spelled out, by the export on a
// terminal and by the dry run's list check, whose remove commands a shell takes back exactly.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printable } from '../common/printable.ts';
import {
  ANNOUNCE_TEST_ENV,
  listSeeded,
  OWN_CONNECTION,
  type ListBackend,
} from '../test-support/announce-lists.ts';
import { childEnv, NODE_ENTRY, runCli } from '../test-support/server-process.ts';
import { OSC52_NAME, storeBeforeRule } from '../test-support/unrelayable.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// eslint-disable-next-line no-control-regex -- what must never reach the terminal
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const ESCAPED_NAME = 'Ann\\x1b]52;c;aGVsbG8=\\x07';
const ESC_ADDRESS = "o'brien\u001bc@example.org";
const hasScript = spawnSync('script', ['--version']).status === 0;

describe('organiser commands print control characters spelled out', () => {
  let dir: string;
  let list: ListBackend;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tedx-escape-'));
    list = await listSeeded(OWN_CONNECTION, (db) =>
      storeBeforeRule(
        db,
        `insert into public.tedxcommunity_emails (email, first_name) values
          ('ann@example.org', E'${printable(OSC52_NAME)}'),
          ('.quota@example.org', null),
          (E'${printable(ESC_ADDRESS.replace("'", "\\'"))}', null)`,
      ),
    );
    env = list.env;
  }, 60_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await list?.dispose();
  });

  it('export piped or to a file is the faithful CSV; on a terminal it is escaped', async () => {
    const piped = await runCli(['cli/subscribers.ts', 'export'], env);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain(`ann@example.org,${OSC52_NAME},`);
    const out = join(dir, 'list.csv');
    expect((await runCli(['cli/subscribers.ts', 'export', '--out', out], env)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(piped.stdout);
  });

  it.skipIf(!hasScript)('export on a terminal shows the name escaped', () => {
    const shown = spawnSync(
      'script',
      ['-qec', `${NODE_ENTRY} cli/subscribers.ts export`, '/dev/null'],
      { cwd: ROOT, env: childEnv(env), encoding: 'utf8' },
    ).stdout;
    expect(shown).toContain(`ann@example.org,${ESCAPED_NAME},`);
    expect(shown.replace(/\r\n/g, '\n')).not.toMatch(RAW_CONTROL);
  });

  it('the list check flags each row stored before the rule with a remove command a shell takes back exactly', async () => {
    const result = await runCli(['cli/announce.ts', '--campaign', 'launch', '--dry-run'], {
      ...ANNOUNCE_TEST_ENV,
      ...env,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    const flagged = result.stderr.split('\n').filter((l) => l.includes('subscribers -- remove'));
    expect(flagged).toEqual([
      "    npm run subscribers -- remove 'ann@example.org'",
      "    npm run subscribers -- remove '.quota@example.org'",
      "    npm run subscribers -- remove $'o\\'brien\\x1bc@example.org'",
      '  To take someone off the list before sending: npm run subscribers -- remove EMAIL',
    ]);
    expect(result.stderr).toContain('"Ann\\u001b]52;c;aGVsbG8=\\u0007" (ann@example.org)');
    // Pasted into a shell, each command removes exactly that row.
    for (const line of flagged.slice(0, 3)) {
      const command = line
        .trim()
        .replace('npm run subscribers --', `${NODE_ENTRY} cli/subscribers.ts`);
      const removed = spawnSync('bash', ['-c', command], {
        cwd: ROOT,
        env: childEnv(env),
        encoding: 'utf8',
      });
      expect(removed.status, removed.stderr).toBe(0);
      expect(removed.stdout).toMatch(/^Removed /);
    }
    expect((await runCli(['cli/subscribers.ts', 'count'], env)).stdout).toBe('0\n');
  });
});
