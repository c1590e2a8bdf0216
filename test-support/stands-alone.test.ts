// The repository stands alone: no tracked file reads, imports or cites a path above its root, so
// a clone with nothing beside it builds, runs and passes its tests. The one exception is .ci/run,
// which sources Node's set-up script from the folder CI lays beside the clone.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

// These tests place their snippets at other paths: '../../server/x.ts' is read from src/lib/.
const SNIPPETS_FOR_OTHER_PATHS = new Set([
  'test-support/import-rules.test.ts',
  'test-support/stands-alone.test.ts',
]);
/** The one line allowed to: .ci/run sourcing Node's set-up from the folder beside the clone. */
const ALLOWED = { file: '.ci/run', line: /^\. \.\.\/[\w-]+\/tools\/use-node-24\.sh$/ };

/** Each line of `text` that names a path above the root, read from `file`'s own folder. */
export function pathsAbove(file: string, text: string): string[] {
  const depth = dirname(file) === '.' ? 0 : dirname(file).split('/').length;
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (file === ALLOWED.file && ALLOWED.line.test(line.trim())) return;
    const above = [...line.matchAll(/(?<![\w.])(?:\.\.\/)+/g)].some((m) => {
      const up = m[0].length / 3;
      // A shell script reads paths from where it runs: the root.
      return up > depth || (file.startsWith('.ci/') && up > 0);
    });
    if (above || /(^|[\s'"(])\/work\//.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('the repository stands alone', () => {
  it('no tracked file names a path above its root', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && !f.startsWith('test-support/mail-samples/') && f !== 'package-lock.json')
      .filter((f) => !SNIPPETS_FOR_OTHER_PATHS.has(f));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const bytes = readFileSync(`${root}${file}`);
      return bytes.includes(0) ? [] : pathsAbove(file, bytes.toString('utf8'));
    });
    expect(found).toEqual([]);
  });

  it('finds an import, a URL, a shell path and a link above the root, and nothing within', () => {
    expect(pathsAbove('cli/x.ts', "import { a } from '../../other/a.ts';")).toHaveLength(1);
    expect(pathsAbove('cli/x.ts', "new URL('../../../beside/x', import.meta.url)")).toHaveLength(1);
    expect(pathsAbove('.ci/run', 'cat ../beside/samples/README.md')).toHaveLength(1);
    expect(pathsAbove('docs/a.md', '[spec](../../SPEC.md)')).toHaveLength(1);
    expect(pathsAbove('cli/x.ts', "readFileSync('/work/beside/SPEC.md')")).toHaveLength(1);
    expect(pathsAbove('.ci/run', '. ../beside/tools/use-node-24.sh')).toEqual([]);
    expect(pathsAbove('.ci/run', '. ../beside/tools/other.sh')).toHaveLength(1);
    expect(pathsAbove('cli/a/x.ts', "import { b } from '../../src/b.ts';")).toEqual([]);
    expect(pathsAbove('README.md', '[docs](docs/deploying.md) ... and more')).toEqual([]);
  });
});
