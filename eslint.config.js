import js from '@eslint/js';
import globals from 'globals';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const NO_TEST_SUPPORT = {
  group: ['**/test-support', '**/test-support/**'],
  dynamic: '(^|/)test-support(/|$)',
  message: 'Production code never imports test-support/ (it is for tests and the audit).',
};
const NO_SERVER = {
  group: ['**/server/**'],
  dynamic: '(^|/)server/',
  message: 'src/ never imports server/: shared code goes in src/lib (e.g. signup-contract.ts).',
};
const NO_PLATFORM = {
  group: ['**/platform/**'],
  dynamic: '(^|/)platform/',
  message: 'src/ never imports platform/ (the server side): shared code goes in src/lib.',
};
const NO_CLI = {
  group: ['**/cli/**'],
  dynamic: '(^|/)cli/',
  message: 'src/ never imports cli/: the site does not depend on the organisers’ commands.',
};
const CLI_NOT_SERVER = {
  group: ['**/server/**', '!**/server/app.ts'],
  dynamic: '(^|/)server/(?!app\\.ts$)',
  message:
    'cli/ uses the server only through its public factory, server/app.ts (createApp), as any ' +
    'client would: what both need goes in platform/.',
};
const PLATFORM_NOT_ABOVE = {
  group: ['**/server/**', '**/cli/**'],
  dynamic: '(^|/)(server|cli)/',
  message: 'platform/ is what server/ and cli/ stand on: it imports neither.',
};
const NO_CLI_IN_SERVER = {
  group: ['**/cli/**'],
  dynamic: '(^|/)cli/',
  message: 'server/ never imports cli/: what both need goes in platform/.',
};
const NO_REACT = {
  group: ['react', 'react/**', 'react-dom', 'react-dom/**'],
  dynamic: '^react(-dom)?(/|$)',
  message: 'server/ and cli/ never import React: the pages are built by Astro, in src/.',
};
const NO_NODE = {
  group: ['node:*', ...builtinModules],
  dynamic: `^(node:|(${builtinModules.join('|')})(/|$))`,
  message:
    'This module runs in the unsubscribe Edge Function (Deno) too: Web APIs only, no node:*.',
};

/**
 * The unsubscribe Edge Function and every module it imports, which Deno runs as they are.
 * server/unsubscribe-edge.test.ts checks this list against the function's real import graph.
 */
export const EDGE_SHARED_FILES = [
  'supabase/functions/unsubscribe/**/*.ts',
  'server/unsubscribe-handler.ts',
  'server/unsubscribe-page.ts',
  'server/csp-policy.ts',
  'platform/html.ts',
  'src/content/event.ts',
  'src/content/team.ts',
  'src/lib/event-dates.ts',
];

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/** The zones, for static imports and for `import('…')` alike (which no-restricted-imports does
 * not see: ESLint's documented way is no-restricted-syntax). */
const restrict = (...zones) => ({
  'no-restricted-imports': [
    'error',
    { patterns: zones.map(({ group, message }) => ({ group, message })) },
  ],
  'no-restricted-syntax': [
    'error',
    ...zones.map(({ dynamic, message }) => ({
      // esquery reads a regular expression between slashes: a slash inside is written \x2F.
      selector: `ImportExpression > Literal.source[value=/${dynamic.replaceAll('/', '\\x2F')}/]`,
      message,
    })),
  ],
});

export default defineConfig(
  { ignores: ['dist', '.astro', '.data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  // Pages and layouts: their frontmatter runs in Node at build time, their scripts in the browser.
  // Astro's accessibility set brings its own copy of the jsx-a11y plugin: kept to .astro files, so
  // it never meets the .tsx block's below (ESLint refuses one plugin name defined twice).
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-strict'].map((config) =>
    config.files ? config : { ...config, files: ['**/*.astro'] },
  ),
  {
    files: ['**/*.{ts,tsx,astro}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Imports flow one way. Production code (the site, the server, the organiser CLI and the scripts
  // that ship or build it) never imports test support; the site imports nothing server-side;
  // platform/ (what the server and the CLI both stand on) imports neither; the server imports
  // platform/; the CLI imports platform/ and the app's public factory (server/app.ts) only; only
  // the site uses React; what the Edge Function shares runs on Web APIs alone. ESLint keeps one
  // option list per rule and file (the last block that matches wins), so each block below lists
  // every zone its files belong to.
  {
    files: ['scripts/**/*.ts'],
    // The measuring tools start servers the way the tests do.
    ignores: [...TESTS, 'scripts/audit*.ts'],
    rules: restrict(NO_TEST_SUPPORT),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict(NO_TEST_SUPPORT, NO_REACT, NO_CLI_IN_SERVER),
  },
  {
    files: ['platform/**/*.ts'],
    ignores: TESTS,
    rules: restrict(NO_TEST_SUPPORT, NO_REACT, PLATFORM_NOT_ABOVE),
  },
  {
    files: ['cli/**/*.ts'],
    rules: restrict(NO_TEST_SUPPORT, NO_REACT, CLI_NOT_SERVER),
  },
  {
    files: TESTS.flatMap((test) => [`server/${test}`, `platform/${test}`]),
    rules: restrict(NO_REACT),
  },
  {
    files: TESTS.map((test) => `cli/${test}`),
    rules: restrict(NO_REACT, CLI_NOT_SERVER),
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    rules: restrict(NO_TEST_SUPPORT, NO_SERVER, NO_PLATFORM, NO_CLI),
  },
  {
    files: EDGE_SHARED_FILES.filter((file) => file.startsWith('server/')),
    rules: restrict(NO_TEST_SUPPORT, NO_REACT, NO_CLI_IN_SERVER, NO_NODE),
  },
  {
    files: EDGE_SHARED_FILES.filter((file) => file.startsWith('platform/')),
    rules: restrict(NO_TEST_SUPPORT, NO_REACT, PLATFORM_NOT_ABOVE, NO_NODE),
  },
  {
    files: EDGE_SHARED_FILES.filter((file) => file.startsWith('src/')),
    rules: restrict(NO_TEST_SUPPORT, NO_SERVER, NO_PLATFORM, NO_CLI, NO_NODE),
  },
  {
    files: EDGE_SHARED_FILES.filter((file) => file.startsWith('supabase/')),
    rules: restrict(NO_TEST_SUPPORT, NO_NODE),
  },
  {
    files: ['src/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
);
