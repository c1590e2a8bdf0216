import js from '@eslint/js';
import globals from 'globals';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/**
 * The zones, declared once: each folder is an element, and each element lists the elements it may
 * import (anything not listed is refused). Tests, packages and Node's built-ins: see the policies.
 */
const CLI = ['cli', 'announce', 'bounces', 'report'];
const ZONES = {
  site: { pattern: 'src', may: ['content', 'common'] },
  content: { pattern: 'content', may: ['common'] },
  // What more than one deployable stands on; Web APIs only (see WEB_ONLY below).
  common: { pattern: 'common', may: ['content'] },
  // The Node side the server and the commands both stand on.
  platform: { pattern: 'platform', may: ['common', 'content'] },
  server: { pattern: 'server', may: ['platform', 'common', 'content'] },
  // Each command's insides: they share only the commands' common code (cli/), never each other's.
  announce: { pattern: 'cli/announce', may: ['cli', 'platform', 'common', 'content'] },
  bounces: { pattern: 'cli/bounces', may: ['cli', 'platform', 'common', 'content'] },
  report: { pattern: 'cli/report', may: ['cli', 'platform', 'common', 'content'] },
  // The commands' common code (output, backend) and the subscribers command.
  cli: { pattern: 'cli', may: ['platform', 'common', 'content'] },
  scripts: { pattern: 'scripts', may: ['platform', 'server', 'common', 'content'] },
  edge: { pattern: 'supabase/functions', may: ['common', 'content'] },
  'test-support': {
    pattern: 'test-support',
    may: ['platform', 'server', ...CLI, 'common', 'content', 'scripts'],
  },
  e2e: {
    pattern: 'e2e',
    may: ['test-support', 'platform', 'server', 'common', 'content', 'scripts'],
  },
};
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const WEB_ONLY = ['common', 'content', 'edge'];

const element = (type) => ({ element: { type } });
const file = (path) => ({ file: { path } });
const policies = [
  ...Object.entries(ZONES).map(([type, { may }]) => ({
    from: element(type),
    allow: { to: element([type, ...may]) },
  })),
  // The commands' entry points start them.
  { from: file('cli/announce.ts'), allow: { to: element('announce') } },
  { from: file('cli/subscribers.ts'), allow: { to: file('cli/*/command.ts') } },
  // The measuring tools start servers the way the tests do.
  { from: file('scripts/audit*.ts'), allow: { to: element('test-support') } },
  // Packages and Node's built-ins: React in the site only, and no node:* where Deno or the browser
  // runs the code.
  { allow: { to: { module: { origin: ['external', 'core'] } } } },
  {
    from: element(WEB_ONLY),
    disallow: { to: { module: { origin: 'core' } } },
    message: 'Web APIs only, no node:*: the Edge Function (Deno) and the browser run this too.',
  },
  // A test may read anything it tests, and test support. The commands and their tests reach the
  // server through its public factory only, as any client would.
  {
    from: file(TESTS),
    allow: { to: [element(Object.keys(ZONES)), { module: { origin: 'core' } }] },
  },
  { from: [{ ...element(CLI), ...file(TESTS) }], disallow: { to: element('server') } },
  { from: element(CLI), allow: { to: file('server/app.ts') } },
  {
    from: element(Object.keys(ZONES).filter((zone) => zone !== 'site')),
    disallow: { to: { module: { source: ['react', 'react-dom', 'react/**', 'react-dom/**'] } } },
    message: 'Only the site (src/) uses React: the pages are built by Astro.',
  },
];

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
  // Imports flow one way, by the zones above.
  {
    files: ['**/*.{ts,tsx,astro,mjs,js,cjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': Object.entries(ZONES).map(([type, { pattern }]) => ({
        type,
        pattern: `${pattern}/**`,
        partialMatch: false,
      })),
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          message: '{{from.type}} may not import {{to.type}}: see the zones in eslint.config.js.',
          policies,
        },
      ],
    },
  },
  ...[reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.strict].map((config) => ({
    files: ['src/**/*.tsx'],
    ...config,
  })),
);
