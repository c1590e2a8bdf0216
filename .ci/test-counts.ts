// The closing line of a CI run: what Vitest and Playwright counted (their JSON reports, written
// under CI by vitest.config.ts and playwright.config.ts), as the plain "N passed, N failed,
// N skipped" that a reader of the log's end takes for the run's count. It claims nothing that did
// not happen: a missing report, nothing passed or anything failed exits 1.
import { readFileSync } from 'node:fs';

const DIR = process.argv[2] ?? '.tmp/test-counts';

function read(name: string): unknown {
  try {
    return JSON.parse(readFileSync(`${DIR}/${name}.json`, 'utf8'));
  } catch (error) {
    console.log(`No ${name} test report in ${DIR} (${(error as Error).message.split('\n')[0]}).`);
    process.exit(1);
  }
}
const unit = read('unit') as Record<`num${'Passed' | 'Failed' | 'Pending' | 'Todo'}Tests`, number>;
const e2e = (
  read('e2e') as { stats: Record<'expected' | 'unexpected' | 'flaky' | 'skipped', number> }
).stats;
const passed = unit.numPassedTests + e2e.expected + e2e.flaky;
const failed = unit.numFailedTests + e2e.unexpected;
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.skipped;
if (![passed, failed, skipped].every(Number.isInteger)) {
  console.log(`The test reports in ${DIR} hold no counts.`);
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0 || failed > 0) process.exit(1);
