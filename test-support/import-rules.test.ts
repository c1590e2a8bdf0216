// The zones in eslint.config.js fire: run ESLint itself on small snippets, one refused import per
// rule of the table, and the imports each zone is meant to make.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** The boundaries rule's messages for `code` as if it were the file at `filePath`. */
async function zoneErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const x = 1;\n`, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('import zones', () => {
  it.each([
    // Each zone, reaching for one it may not.
    [
      'src/lib/x.ts',
      "import { createApp } from '../../server/app.ts';",
      'site may not import server',
    ],
    [
      'src/lib/x.ts',
      "import { theme } from '../../platform/theme.ts';",
      'site may not import platform',
    ],
    [
      'content/x.ts',
      "import { LOCAL_ANON_KEY } from '../platform/settings.ts';",
      'content may not import platform',
    ],
    [
      'common/x.ts',
      "import { THEME_COLOR } from '../src/lib/seo.ts';",
      'common may not import site',
    ],
    ['platform/x.ts', "import { toCsv } from '../cli/csv.ts';", 'platform may not import cli'],
    [
      'platform/x.ts',
      "import { createApp } from '../server/app.ts';",
      'platform may not import server',
    ],
    ['server/x.ts', "import { toCsv } from '../cli/csv.ts';", 'server may not import cli'],
    ['server/x.ts', "import { PAGE_META } from '../src/lib/seo.ts';", 'server may not import site'],
    ['cli/x.ts', "import { HTTP } from '../server/rest/errors.ts';", 'cli may not import server'],
    [
      'cli/x.ts',
      "import { dryRun } from './announce/modes/dry-run.ts';",
      'cli may not import announce',
    ],
    [
      'cli/bounces/x.ts',
      "import { stoppedLine } from '../announce/output/lines.ts';",
      'bounces may not import announce',
    ],
    [
      'cli/announce/x.ts',
      "import { verdict } from '../bounces/policy.ts';",
      'announce may not import bounces',
    ],
    [
      'cli/report/x.ts',
      "import { readReport } from '../bounces/read-report.ts';",
      'report may not import bounces',
    ],
    [
      'scripts/og.ts',
      "import { freePort } from '../test-support/free-port.ts';",
      'scripts may not import test-support',
    ],
    [
      'supabase/functions/unsubscribe/x.ts',
      "import { createApp } from '../../../server/app.ts';",
      'edge may not import server',
    ],
    [
      'e2e/x.ts',
      "import { dryRun } from '../cli/announce/modes/dry-run.ts';",
      'e2e may not import announce',
    ],
    [
      'server/x.ts',
      "import { testApp } from '../test-support/app.ts';",
      'server may not import test-support',
    ],
    // import() is held to the same zones.
    ['src/lib/x.ts', "await import('../../server/app.ts');", 'site may not import server'],
    // The commands' tests reach the server through its public factory only.
    [
      'cli/x.test.ts',
      "import { restRoutes } from '../server/rest/routes.ts';",
      'cli may not import server',
    ],
    // Web APIs only where Deno or the browser runs the code, whichever way node's built-ins are named.
    ['common/x.ts', "import { createHash } from 'node:crypto';", 'Web APIs only'],
    ['content/x.ts', "import { readFileSync } from 'fs';", 'Web APIs only'],
    ['supabase/functions/unsubscribe/x.ts', "await import('node:fs');", 'Web APIs only'],
    // React in the site only.
    ['server/x.ts', "import { createElement } from 'react';", 'Only the site'],
    ['cli/report/x.ts', "import { renderToString } from 'react-dom/server';", 'Only the site'],
    // .astro files are linted too.
    [
      'src/pages/x.astro',
      "---\nimport { settingsOrExit } from '../../platform/settings.ts';\n---\n<p />",
      'site may not import platform',
    ],
  ])('refuses %s: %s', async (file, code, reason) => {
    expect(await zoneErrors(file, code)).toEqual([expect.stringContaining(reason)]);
  });

  it.each([
    ['src/lib/x.ts', "import { EVENT_SHORT_NAME } from '../../content/event.ts';"],
    ['src/lib/x.ts', "import { SIGNUP_TABLE } from '../../common/signup-contract.ts';"],
    ['src/components/x.tsx', "import { useState } from 'react';"],
    ['common/x.ts', "import { WORD_MARK } from '../content/event.ts';"],
    ['server/rest/x.ts', "import { SIGNUP_TABLE } from '../../common/signup-contract.ts';"],
    ['server/x.ts', "import { openDatabase } from '../platform/db/open.ts';"],
    ['server/x.ts', "import { readFileSync } from 'node:fs';"],
    ['cli/x.ts', "await import('../server/app.ts');"],
    ['cli/bounces/x.ts', "import { say } from '../output/say.ts';"],
    ['cli/bounces/x.ts', "import { refusalCause } from '../../common/smtp-answer.ts';"],
    ['cli/subscribers.ts', "await import('./bounces/command.ts');"],
    ['cli/announce.ts', "import { dryRun } from './announce/modes/dry-run.ts';"],
    [
      'supabase/functions/unsubscribe/x.ts',
      "import { textAnswer } from '../../../common/link-page.ts';",
    ],
    ['server/x.test.ts', "import { testApp } from '../test-support/app.ts';"],
    ['cli/x.test.ts', "import { verdict } from './bounces/policy.ts';"],
    ['scripts/audit.ts', "import { AUDIT_ASSERTIONS } from '../test-support/budgets.ts';"],
    ['e2e/x.spec.ts', "import { SIGNUP_TABLE } from '../common/signup-contract.ts';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await zoneErrors(file, code)).toEqual([]);
  });
});
