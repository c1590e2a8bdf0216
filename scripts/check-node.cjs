// The first thing every npm script that runs Node starts: `node scripts/check-node.cjs [ENTRY ...]`.
// It runs on whatever Node the user has, so it is plain CommonJS that Node 0.12 onwards can parse.
// The project runs its TypeScript directly, which Node does without flags from 22.18; an older
// Node would fail with a stack trace (ERR_UNKNOWN_FILE_EXTENSION) instead of this one line.
/* global process, require, __dirname, module */
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, for any Node */
'use strict';
// The oldest version package.json's engines field names, so the two cannot drift: 22.19, the
// oldest Node on which every dependency installs (undici and Lighthouse need 22.19; .npmrc's
// engine-strict turns their engines fields into errors, so `npm install` stops before this runs).
var NEEDED = require('../package.json')
  .engines.node.match(/(\d+)\.(\d+)/)
  .slice(1)
  .map(Number);
var have = process.versions.node.split('.').map(Number);
// On an even-numbered (LTS) line: the odd ones never are, and Vitest refuses them (23, 25).
var ok =
  have[0] % 2 === 0 && (have[0] > NEEDED[0] || (have[0] === NEEDED[0] && have[1] >= NEEDED[1]));
if (!ok) {
  process.stderr.write(
    'This project needs Node.js ' +
      NEEDED.join('.') +
      ' or newer, on an even-numbered (LTS) line: 22, 24 (recommended) or 26; this is ' +
      process.version +
      '. Install it from https://nodejs.org or with nvm (nvm install 24), then run the command again.\n',
  );
  process.exit(1);
}

// Given an entry, Node runs it in this same process (execve: same pid) with V8's baseline
// WebAssembly compiler only (docs/decisions/0014-baseline-webassembly.md), keeping what it compiles
// in node_modules/.cache unless NODE_COMPILE_CACHE says where (docs/performance.md).
var FLAGS = ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering'];
// Required (vitest.config.ts gives the test workers the same flags), it only checks and exports them.
module.exports = FLAGS;
var args = FLAGS.concat(process.argv.slice(2));
if (require.main === module && args.length > FLAGS.length) {
  var cache = require('path').join(__dirname, '..', 'node_modules', '.cache', 'node-compile-cache');
  var env = Object.assign({ NODE_COMPILE_CACHE: cache }, process.env);
  if (process.execve) process.execve(process.execPath, [process.execPath].concat(args), env);
  // Windows has no execve: a child with the same terminal, whose exit code is this one's.
  var child = require('child_process').spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: env,
  });
  process.exit(child.status === null ? 1 : child.status);
}
