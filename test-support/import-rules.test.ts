// The one-way import rules in eslint.config.js fire: run ESLint itself on small snippets.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

async function lint(filePath: string, code: string, ruleId = 'no-restricted-imports') {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}
const restricted = (filePath: string, code: string) => lint(filePath, code);

describe('import rules', () => {
  it.each([
    ['server/rest/new-thing.ts', "import { testApp } from '../../test-support/app.ts';"],
    ['cli/new-command.ts', "import { runCli } from '../test-support/server-process.ts';"],
    ['scripts/og.ts', "import { freePort } from '../test-support/free-port.ts';"],
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
    ['cli/new-command.ts', "import { HTTP } from '../server/rest/errors.ts';", 'public factory'],
    [
      'cli/thing.test.ts',
      "import { restRoutes } from '../server/rest/routes.ts';",
      'public factory',
    ],
    [
      'cli/x.ts',
      "import { createFunctionCaller } from '../server/db/call-function.ts';",
      'factory',
    ],
    ['platform/db/x.ts', "import { createApp } from '../../server/app.ts';", 'imports neither'],
    ['platform/x.ts', "import { toCsv } from '../cli/csv.ts';", 'imports neither'],
    ['server/x.ts', "import { toCsv } from '../cli/csv.ts';", 'server/ never imports cli/'],
    ['src/lib/x.ts', "import { html } from '../../platform/html.ts';", 'never imports platform/'],
    ['src/lib/helper.ts', "import { toCsv } from '../../cli/csv.ts';", 'src/ never imports cli/'],
    ['server/new-page.ts', "import { createElement } from 'react';", 'never import React'],
    [
      'cli/report/new.ts',
      "import { renderToString } from 'react-dom/server';",
      'never import React',
    ],
    ['server/unsubscribe-page.ts', "import { createHash } from 'node:crypto';", 'no node:*'],
    ['platform/html.ts', "import { Buffer } from 'buffer';", 'no node:*'],
    ['platform/html.ts', "import { createApp } from '../server/app.ts';", 'imports neither'],
    ['server/csp-policy.ts', "import { toCsv } from '../cli/csv.ts';", 'never imports cli/'],
    ['supabase/functions/unsubscribe/handler.ts', "import fs from 'node:fs';", 'no node:*'],
    ['src/content/event.ts', "import { env } from 'node:process';", 'no node:*'],
  ])('refuses what crosses a zone: %s', async (file, code, reason) => {
    expect(await restricted(file, `${code}\nexport const x = 1;\n`)).toEqual([
      expect.stringContaining(reason),
    ]);
  });

  it.each([
    ['cli/new-command.ts', "await import('../server/rest/errors.ts');", 'public factory'],
    ['src/lib/helper.ts', "await import('../../server/app.ts');", 'src/ never imports server/'],
    ['platform/x.ts', "await import('../cli/csv.ts');", 'imports neither'],
    ['server/x.ts', "await import('../test-support/app.ts');", 'never imports test-support/'],
    ['server/unsubscribe-page.ts', "await import('node:crypto');", 'no node:*'],
    ['platform/html.ts', "await import('fs/promises');", 'no node:*'],
    ['server/new-page.ts', "await import('react-dom/server');", 'never import React'],
  ])('refuses the same in an import() expression: %s %s', async (file, code, reason) => {
    const messages = await lint(file, `${code}\nexport const x = 1;\n`, 'no-restricted-syntax');
    expect(messages).toEqual([expect.stringContaining(reason)]);
  });

  it.each([
    ['cli/backend.ts', "await import('../server/app.ts');"],
    ['cli/backend.ts', "await import('../platform/db/open.ts');"],
    ['scripts/start.ts', "await import('../server/index.ts');"],
    ['server/x.ts', "await import('../platform/settings.ts');"],
  ])('lets an import() that stays in its zone through: %s %s', async (file, code) => {
    expect(await lint(file, `${code}\nexport const x = 1;\n`, 'no-restricted-syntax')).toEqual([]);
  });

  it('lints .astro files, their imports and their markup', async () => {
    const page = (body: string) =>
      `---\nimport { settings } from '../../platform/settings.ts';\nconst x = settings;\n---\n${body}\n`;
    expect(await restricted('src/pages/new-page.astro', page('<p>{x}</p>'))).toEqual([
      expect.stringContaining('src/ never imports platform/'),
    ]);
    const img = await lint(
      'src/pages/new-page.astro',
      page('<img src="/a.png" />'),
      'astro/jsx-a11y/alt-text',
    );
    expect(img).toHaveLength(1);
  });

  it.each([
    ['server/new-module.ts', "import { createHash } from 'node:crypto';"],
    ['src/components/thing.test.tsx', "import { renderToString } from 'react-dom/server';"],
    ['src/layouts/new-layout.astro', "---\nimport { createHash } from 'node:crypto';\n---"],
    ['server/rest/thing.test.ts', "import { testApp } from '../../test-support/app.ts';"],
    ['scripts/audit.ts', "import { AUDIT_ASSERTIONS } from '../test-support/budgets.ts';"],
    ['e2e/thing.spec.ts', "import { SITE_BUDGET } from '../test-support/budgets.ts';"],
    ['server/rest/thing.ts', "import { SIGNUP_TABLE } from '../../src/lib/signup-contract.ts';"],
    ['server/rest/thing.ts', "import { openDatabase } from '../../platform/db/open.ts';"],
    ['cli/thing.ts', "import { createApp } from '../server/app.ts';"],
    ['cli/thing.ts', "import { settingsOrExit } from '../platform/settings.ts';"],
  ])('allows tests, the audit and shared code: %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });
});
