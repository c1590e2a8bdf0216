// The closing line of a CI run: what Vitest and Playwright counted (their JSON reports, written
// under CI by vitest.config.ts and playwright.config.ts), as one "N passed, N failed" line.
import { readFileSync } from 'node:fs';

const read = (name: string): unknown =>
  JSON.parse(readFileSync(`.tmp/test-counts/${name}.json`, 'utf8'));
const unit = read('unit') as Record<`num${'Passed' | 'Failed' | 'Pending' | 'Todo'}Tests`, number>;
const e2e = (
  read('e2e') as { stats: Record<'expected' | 'unexpected' | 'flaky' | 'skipped', number> }
).stats;
const passed = unit.numPassedTests + e2e.expected + e2e.flaky;
const failed = unit.numFailedTests + e2e.unexpected;
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.skipped;
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0 || failed > 0) process.exit(1);
