import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needsBuild } from './start.ts';

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
    expect(needsBuild(root)).toBe(true);

    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/index.html'), '<!doctype html>');
    touch('dist/index.html', 10);
    expect(needsBuild(root)).toBe(false);

    touch('src/pages/index.astro', 1);
    expect(needsBuild(root)).toBe(true);
  });
});
