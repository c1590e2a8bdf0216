import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const NO_TEST_SUPPORT = {
  group: ['**/test-support', '**/test-support/**'],
  message: 'Production code never imports test-support/ (it is for tests and benchmarks).',
};
const NO_SERVER = {
  group: ['**/server/**'],
  message: 'src/ never imports server/: shared code goes in src/lib (e.g. signup-contract.ts).',
};

export default defineConfig(
  { ignores: ['dist', '.astro', '.data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Imports flow one way. Production code (the site, the server, the organiser CLI and the scripts
  // that ship or build it) never imports test support; the site never imports the server.
  {
    files: ['server/**/*.ts', 'cli/**/*.ts', 'scripts/**/*.ts'],
    // Tests, and the measuring tools that start servers the way the tests do.
    ignores: ['**/*.test.ts', 'scripts/audit*.ts', 'scripts/bench*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_TEST_SUPPORT] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'], // .astro files are not linted (no parser here)
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_TEST_SUPPORT, NO_SERVER] }] },
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
