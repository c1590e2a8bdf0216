import { defineConfig } from 'vitest/config';
import NODE_FLAGS from './scripts/check-node.cjs';

// Unit and integration tests run in Node; component tests opt into jsdom with a
// `// @vitest-environment jsdom` comment at the top of the file.
export default defineConfig({
  test: {
    include: ['{src,content,common,server,platform,cli,scripts,test-support}/**/*.test.{ts,tsx}'],
    // The theme's colours are read from the stylesheet itself (src/lib/seo.ts imports it
    // ?raw); Vitest otherwise hands every CSS import over as an empty string.
    css: { include: [/src\/styles\/global\.css/] },
    // Three test files at a time on two cores: many wait on processes they started or on a clock
    // (the figures: docs/performance.md).
    maxWorkers: 3,
    // A worker keeps its modules from one test file to the next: the files share no state through
    // them (they pass in any order: --sequence.shuffle.files); docs/performance.md.
    isolate: false,
    // The embedded database in a test file runs as in the product (scripts/check-node.cjs): V8's
    // baseline WebAssembly compiler only, which also saves the CPU of optimising PGlite's hottest
    // functions in every worker.
    execArgv: NODE_FLAGS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Under CI the counts also go to a file, for the closing line .ci/run prints.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: '.tmp/test-counts/unit.json' }]]
      : ['default'],
  },
});
