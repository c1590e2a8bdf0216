// `subscribers export` through each door and on each engine (BACKENDS,
// test-support/announce-lists.ts): more sign-ups than one page, read by key, oldest first, each
// once; and a file of personal data readable by its owner only, also when that file was already
// there.
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, listOn, type ListBackend } from '../test-support/announce-lists.ts';
import { runCli } from '../test-support/server-process.ts';

// More than two pages of the function's 1,000 rows, and not a multiple of it.
const PEOPLE = 2345;

for (const backend of BACKENDS) {
  describe(`subscribers export (${backend})`, () => {
    let list: ListBackend;
    let dir: string;
    const cli = (...args: string[]) => runCli(['cli/subscribers.ts', ...args], list.env);
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'subscribers-export-'));
      list = await listOn(backend, PEOPLE);
    }, 120_000);
    afterAll(() => list?.dispose());
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('writes every sign-up once, in sign-up order, across pages', async () => {
      const result = await cli('export');
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('email,first_name,created_at,source');
      // All were inserted in one statement (one created_at): the order is the sign-ups' ids.
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
        Array.from({ length: PEOPLE }, (_, i) => `person${i}@example.org`),
      );
      expect((await cli('count')).stdout).toBe(`${PEOPLE}\n`);
    });

    // Where the file goes and its mode are the command's, whatever the backend: checked once.
    if (backend === 'running server')
      it('--out makes the file readable by its owner only, also a file that was already there', async () => {
        const out = join(dir, 'signups.csv');
        writeFileSync(out, 'an older export\n', { mode: 0o644 });
        chmodSync(out, 0o644); // whatever the umask made of it
        const result = await cli('export', '--out', out);
        expect(result.code).toBe(0);
        expect(result.stderr).toMatch(new RegExp(`^Wrote ${PEOPLE} sign-ups from .+ to `));
        expect(statSync(out).mode & 0o777).toBe(0o600);
        const again = await cli('export', `--out=${out}`);
        expect(again.code).toBe(0);
        expect(statSync(out).mode & 0o777).toBe(0o600);
      });
  });
}
