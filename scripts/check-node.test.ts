// On a Node older than 22.19 (Debian and Ubuntu ship 18 and 20), the npm scripts stop with one
// line naming the Node needed, not a stack trace. Uses the machine's own old Node when it has one.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CHECK = 'scripts/check-node.cjs';

/** A Node older than 22.19 on this machine, if there is one. */
function oldNode(): string | undefined {
  for (const path of ['/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
    if (!existsSync(path)) continue;
    const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
    const [major, minor] = version.slice(1).split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 19)) return path;
  }
  return undefined;
}
const old = oldNode();
const LINE =
  /^This project needs Node\.js 22\.19 or newer, on an even-numbered \(LTS\) line: 22, 24 \(recommended\) or 26; this is v\d+\.\d+\.\d+\. Install it from https:\/\/nodejs\.org or with nvm \(nvm install 24\), then run the command again\.\n$/;

describe('the Node version check', () => {
  it('passes on this Node', () => {
    const result = spawnSync(process.execPath, [CHECK], { cwd: ROOT, encoding: 'utf8' });
    expect([result.status, result.stderr]).toEqual([0, '']);
  });

  it('runs an entry in the same process, with its arguments and its exit code', () => {
    const result = spawnSync(
      process.execPath,
      [CHECK, '-e', 'process.exit(Number(process.argv[1]))', '7'],
      {
        cwd: ROOT,
      },
    );
    expect(result.status).toBe(7);
  });

  it('starts every script a user types that runs Node (npm install: engine-strict)', async () => {
    const { scripts } = (await import('../package.json', { with: { type: 'json' } })).default as {
      scripts: Record<string, string>;
    };
    for (const name of [
      'dev',
      'build',
      'start',
      'test',
      'subscribers',
      'announce',
      'audit',
      'og',
      'schema',
    ])
      expect(scripts[name]).toMatch(new RegExp(`^node ${CHECK}( |$)`));
  });

  it('stops an odd-numbered Node (25, which Vitest refuses) with that line', () => {
    const result = spawnSync(
      process.execPath,
      [
        '-e',
        `Object.defineProperty(process.versions, 'node', { value: '25.1.0' });
         Object.defineProperty(process, 'version', { value: 'v25.1.0' });
         require('./${CHECK}');`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(LINE);
    expect(result.stderr).toContain('this is v25.1.0.');
  });

  it.skipIf(!old)(`stops an old Node (${old ?? 'none here'}) with one line`, () => {
    const result = spawnSync(old ?? '', [CHECK], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(LINE);
  });

  const oldBin = old ? dirname(old) : '';
  it.skipIf(!old || !existsSync(`${oldBin}/npm`))(
    'makes `npm start` on that Node stop with that line, not a stack trace',
    () => {
      const result = spawnSync(`${oldBin}/npm`, ['start', '--silent'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${oldBin}:/bin` },
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.split('\n').filter((l) => l && !/^npm warn/.test(l));
      expect(lines.join('\n') + '\n').toMatch(LINE);
      expect(result.stderr).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|at .*\(node:internal/);
    },
  );

  it.skipIf(!old || !existsSync(`${oldBin}/npm`))(
    '`npm install` on that Node stops at once, naming the Node needed, and downloads nothing',
    () => {
      // A copy of what npm reads, so the project's own node_modules is not touched.
      const dir = mkdtempSync(join(tmpdir(), 'old-node-install-'));
      try {
        mkdirSync(join(dir, 'scripts'));
        for (const file of ['package.json', 'package-lock.json', '.npmrc', CHECK])
          copyFileSync(join(ROOT, file), join(dir, file));
        const result = spawnSync(`${oldBin}/npm`, ['install', '--no-audit', '--no-fund'], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${oldBin}:/bin` },
          timeout: 60_000,
        });
        expect(result.status).not.toBe(0);
        expect(result.stderr).toContain('npm error code EBADENGINE');
        expect(result.stderr).toContain('Required: {"node":"^22.19.0 || ^24.0.0 || >=26.0.0"}');
        expect(result.stderr).not.toMatch(/npm warn EBADENGINE/);
        expect(existsSync(join(dir, 'node_modules'))).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
