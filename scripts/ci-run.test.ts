// .ci/run's log ends with the one plain line that says the tests ran ("N passed, N failed,
// N skipped"), and no other line of the log has a runner's closing shape. The real script runs in
// a copy of its tree, with the commands it calls (npm, apt-get, the browser and Java checks, the
// throwaway PostgreSQL) replaced by stand-ins that print what the real runners print, on stdout
// and stderr alike, and write the runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLOSING = /^\d+ passed, \d+ failed(, \d+ skipped)?$/;
/** What the machine's notes say a runner's closing line looks like, in any of its forms. */
const RUNNER_SUMMARY =
  /\b\d+ (passed|failed)\b|\b(passed|failed)[,:]? \d+ (passed|failed)|^\s*(#|ℹ) (tests|pass|fail) \d+|test result:|Ran \d+ tests?|no tests ran|\[no test files\]/i;

const work = mkdtempSync(join(tmpdir(), 'tedx-ci-run-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const script = (path: string, body: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`);
  chmodSync(path, 0o755);
};

/** A copy of .ci/ in a tree of stand-ins; `npm test` exits with `testExit` and writes `reports`. */
function ciTree(name: string, reports: Record<string, unknown>, testExit = 0) {
  const repo = join(work, name, 'repo');
  const bin = join(work, name, 'bin');
  mkdirSync(join(repo, '.ci'), { recursive: true });
  for (const file of ['run', 'test-counts.ts'])
    copyFileSync(join(ROOT, '.ci', file), join(repo, '.ci', file));
  script(join(work, name, 'shared/tools/use-node-24.sh'), ':');
  script(
    join(repo, 'test-support/throwaway-postgres.sh'),
    'export TEST_DATABASE_URL=postgresql://x; echo "throwaway PostgreSQL at $TEST_DATABASE_URL" >&2',
  );
  for (const command of ['chromium', 'java', 'apt-get']) script(join(bin, command), 'exit 0');
  const writes = Object.entries(reports)
    .map(([file, json]) => `echo '${JSON.stringify(json)}' > .tmp/test-counts/${file}.json`)
    .join('\n');
  script(
    join(bin, 'npm'),
    `case "$1" in
  test)
    mkdir -p .tmp/test-counts
    ${writes}
    printf ' \\033[2m Test Files \\033[22m \\033[1m\\033[32m98 passed\\033[39m\\033[22m (98)\\n'
    echo '      Tests  1286 passed | 1 skipped (1287)' >&2
    echo '  165 passed (3.1m)'
    echo '  1 flaky' >&2
    exit ${testExit} ;;
  run) echo 'Every gating budget met.' >&2 ;;
  *) echo "added 900 packages in 20s" ;;
esac`,
  );
  return spawnSync('bash', [join(repo, '.ci/run')], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', PATH: `${bin}:${process.env.PATH}` },
  });
}

const unit = { numPassedTests: 1286, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0 };
const e2e = { stats: { expected: 164, unexpected: 0, flaky: 1, skipped: 0 } };

describe('the log of .ci/run', () => {
  it('ends with the one plain closing line, and no other line of a closing shape', () => {
    const run = ciTree('pass', { unit, e2e });
    // stderr is sent to stdout at the top of the script: all of it is one stream.
    expect([run.status, run.stderr]).toEqual([0, '']);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('1451 passed, 0 failed, 1 skipped');
    expect(lines.at(-1)).toMatch(CLOSING);
    expect(run.stdout.endsWith('1451 passed, 0 failed, 1 skipped\n')).toBe(true);
    const plain = lines.slice(0, -1).map((line) => stripVTControlCharacters(line));
    expect(plain.filter((line) => RUNNER_SUMMARY.test(line))).toEqual([]);
    expect(plain).toContain('  Test Files  passed: 98 (98)');
    // The runners' own summaries are still there to read, turned round.
    expect(lines).toContain('  passed: 165 (3.1m)');
    expect(lines).toContain('      Tests  passed: 1286 | skipped: 1 (1287)');
  });

  it('fails when a test failed, says so last, and never claims a pass', () => {
    const failedE2e = { stats: { ...e2e.stats, unexpected: 2 } };
    const run = ciTree('failed', { unit, e2e: failedE2e });
    expect(run.status).toBe(1);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1451 passed, 2 failed, 1 skipped');
  });

  it('fails when a report is missing, or nothing passed', () => {
    const missing = ciTree('missing', { unit });
    expect(missing.status).toBe(1);
    expect(missing.stdout.trimEnd().split('\n').at(-1)).toMatch(/^No e2e test report in /);
    const none = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
    const nothing = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 } };
    const empty = ciTree('empty', { unit: none, e2e: nothing });
    expect(empty.status).toBe(1);
    expect(empty.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 0 failed, 0 skipped');
  });

  it('fails when the test command fails, though its output goes through the filter', () => {
    const run = ciTree('exit', { unit, e2e }, 1);
    expect(run.status).not.toBe(0);
    expect(run.stdout.split('\n').filter((line) => CLOSING.test(line))).toEqual([]);
  });
});
