// The one-way import rules in eslint.config.js fire: run ESLint itself on small snippets.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import rules', () => {
  it.each([
    ['server/rest/new-thing.ts', "import { testApp } from '../../test-support/app.ts';"],
    ['cli/new-command.ts', "import { runCli } from '../test-support/server-process.ts';"],
    ['scripts/og.ts', "import { kb } from '../test-support/table.ts';"],
    ['src/lib/helper.ts', "import { SITE_BUDGET } from '../../test-support/budgets.ts';"],
  ])('refuses test support in production code: %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport const x = 1;\n`)).toEqual([
      expect.stringContaining('never imports test-support/'),
    ]);
  });

  it('refuses the server in the site', async () => {
    const code = "import { HTTP } from '../../server/rest/errors.ts';\nexport const x = HTTP;\n";
    expect(await restricted('src/lib/helper.ts', code)).toEqual([
      expect.stringContaining('src/ never imports server/'),
    ]);
  });

  it.each([
    ['server/rest/thing.test.ts', "import { testApp } from '../../test-support/app.ts';"],
    ['scripts/bench.ts', "import { BENCH_BUDGET } from '../test-support/budgets.ts';"],
    ['e2e/thing.spec.ts', "import { SITE_BUDGET } from '../test-support/budgets.ts';"],
    ['server/rest/thing.ts', "import { SIGNUP_TABLE } from '../../src/lib/signup-contract.ts';"],
  ])('allows tests, benchmarks and shared code: %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });
});
