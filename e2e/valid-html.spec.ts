// Every built page passes the W3C Nu HTML checker (npm `vnu-jar`, run with the machine's Java)
// with no HTML error. It reads dist/ as e2e/serve.ts left it: built there when the sources
// changed (always on CI), so these are the pages the other specs are served.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';

const DIST = join(import.meta.dirname, '..', 'dist');
// The jar itself, run with the machine's Java: the package's own runner would download a Java.
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
// A one-off run: Java's quick compiler alone does it in half the CPU (4 s, not 8.6, for the 9
// pages), and its larger frames need a larger stack than the checker's 512 KB minimum.
const JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-Xss2m'];
// Checked in the same run, so a checker (or a filter) that lets everything through fails here.
const BROKEN_PAGE =
  '<!doctype html><html lang="en"><head><title>x</title></head><body>' +
  '<p>x</p><style>p{color:red}</style></body></html><script>1</script>';

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
}

/**
 * The checker passes the page's CSS to its CSS validator, which predates what Tailwind 4 writes
 * (`@property`, `margin-trim`, custom properties in `transition-property`). Its messages, and
 * only its, start with "CSS: "; the HTML checker's never do, so nothing else is let through.
 */
const isCssValidatorMessage = (m: NuMessage) => m.message.startsWith('CSS: ');

test('every built page is valid HTML (W3C Nu checker)', async () => {
  test.setTimeout(120_000);
  const pages = existsSync(DIST)
    ? readdirSync(DIST, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.html'))
        .map((file) => join(DIST, file))
    : [];
  expect(pages.length, 'built pages in dist/ (run `npm run build`)').toBeGreaterThanOrEqual(8);

  const scratch = mkdtempSync(join(tmpdir(), 'tedx-vnu-'));
  const broken = join(scratch, 'broken.html');
  writeFileSync(broken, BROKEN_PAGE);
  const run = spawnSync(
    'java',
    [...JAVA_OPTIONS, '-jar', VNU_JAR, '--format', 'json', broken, ...pages],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  rmSync(scratch, { recursive: true, force: true });
  if (run.error) {
    throw new Error(
      `The HTML checker needs Java, which did not start (${run.error.message}): ` +
        'install a Java runtime, e.g. `apt-get install default-jre-headless`.',
    );
  }
  // The checker writes its JSON report to stderr; it exits 1 when a page has an error.
  const { messages } = JSON.parse(run.stderr) as { messages: NuMessage[] };
  const errors = messages.filter((m) => m.type !== 'info' && !isCssValidatorMessage(m));
  const file = (m: NuMessage) => decodeURIComponent(new URL(m.url ?? 'file:/').pathname);
  const [controls, found] = [
    errors.filter((m) => file(m) === broken),
    errors.filter((m) => file(m) !== broken),
  ];
  expect(controls.map((m) => m.message).join('\n'), 'the control page').toMatch(/style.*body/);
  expect(controls.map((m) => m.message).join('\n'), 'the control page').toMatch(/Stray.*script/);
  const lines = found.map((m) => `${relative(DIST, file(m))}:${m.lastLine} ${m.message}`);
  expect(lines, 'HTML errors from the Nu checker').toEqual([]);
});
