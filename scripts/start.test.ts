import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../platform/settings.ts';
import { SITE_URL_DEFAULT } from '../content/event.ts';
import { buildNotice, needsBuild } from './start.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

describe('npm start: build when needed', () => {
  const root = mkdtempSync(join(tmpdir(), 'tedx-start-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const touch = (path: string, secondsAgo: number) => {
    const time = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(join(root, path), time, time);
  };

  it('builds when dist/ is missing, not when it is newer than every source, again when a source changes', () => {
    mkdirSync(join(root, 'src/pages'), { recursive: true });
    writeFileSync(join(root, 'src/pages/index.astro'), '---\n---\n');
    writeFileSync(join(root, 'package.json'), '{}');
    touch('src/pages/index.astro', 100);
    touch('src/pages', 100);
    touch('src', 100);
    touch('package.json', 100);
    expect(needsBuild(root)).toBe('dist/ is missing');

    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/index.html'), '<!doctype html>');
    touch('dist/index.html', 10);
    expect(needsBuild(root)).toBe(null);

    touch('src/pages/index.astro', 1);
    expect(needsBuild(root)).toBe('dist/ is older than the sources');
  });

  it('builds again when the edition’s content changes (content/ is outside src/)', () => {
    mkdirSync(join(root, 'content'), { recursive: true });
    writeFileSync(join(root, 'content/event.ts'), 'export const LAUNCH_AT = "";\n');
    touch('src/pages/index.astro', 100);
    touch('content/event.ts', 100);
    touch('content', 100);
    expect(needsBuild(root)).toBe(null);
    touch('content/event.ts', 1);
    expect(needsBuild(root)).toBe('dist/ is older than the sources');
  });

  it('builds again when SITE_URL names another address than the pages were built for', () => {
    writeFileSync(
      join(root, 'dist/index.html'),
      '<!doctype html><link rel="canonical" href="https://old.example/">',
    );
    touch('dist/index.html', 0);
    expect(needsBuild(root, 'https://old.example')).toBe(null);
    expect(needsBuild(root, 'https://tedx.example.ug/')).toBe(
      'dist/ was built for https://old.example',
    );
  });
});

describe('npm start: what it says before building', () => {
  it('names the address the pages will carry', () => {
    expect(
      buildNotice(
        'dist/ was built for https://old.example',
        loadSettings({ SITE_URL: 'https://tedx.example.ug/' }),
      ),
    ).toBe(
      'dist/ was built for https://old.example: building the site for https://tedx.example.ug/ (npm run build)',
    );
  });

  it('says when that address is only the placeholder, and where to set the real one', () => {
    expect(buildNotice('dist/ is missing', loadSettings({}))).toBe(
      `dist/ is missing: building the site for ${SITE_URL_DEFAULT} (npm run build). SITE_URL is not set, so links and share tags name that placeholder: set it in .env`,
    );
  });
});

describe('the commands that open the embedded database', () => {
  it('run Node with the baseline WebAssembly compiler only, so that a small VPS holds them', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const [name, entry] of [
      ['start', 'scripts/start.ts'],
      ['subscribers', 'cli/subscribers.ts'],
      ['announce', 'cli/announce.ts'],
    ])
      expect(scripts[name]).toBe(`node scripts/check-node.cjs ${entry}`);
    // What that entry gives the program: V8's flags, in the same process, and Node's compile
    // cache in node_modules/.cache unless NODE_COMPILE_CACHE names another place.
    const entry = (env: Record<string, string | undefined>) => {
      const run = spawnSync(
        process.execPath,
        [
          'scripts/check-node.cjs',
          '-p',
          'JSON.stringify([process.execArgv, process.pid, require("node:module").getCompileCacheDir()])',
        ],
        { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: undefined, ...env } },
      );
      return [run.pid, ...(JSON.parse(run.stdout) as [string[], number, string])] as const;
    };
    const [spawned, execArgv, pid, cache] = entry({});
    expect(execArgv.slice(0, 2)).toEqual(['--no-wasm-tier-up', '--no-wasm-dynamic-tiering']);
    expect(pid).toBe(spawned);
    expect(cache.startsWith(join(ROOT, 'node_modules/.cache/node-compile-cache/'))).toBe(true);
    const elsewhere = mkdtempSync(join(tmpdir(), 'tedx-compile-cache-'));
    try {
      expect(entry({ NODE_COMPILE_CACHE: elsewhere })[3].startsWith(elsewhere)).toBe(true);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
