// Runs before `npm install` and the npm scripts a user types, on whatever Node they have, so it
// is plain CommonJS that Node 0.12 onwards can parse. The project runs its TypeScript directly,
// which Node does without flags from 22.18; an older Node would fail with a stack trace
// (ERR_UNKNOWN_FILE_EXTENSION) instead of this one line.
/* global process, require */
'use strict';
// The version package.json's engines field names, so the two cannot drift: ">=22.19", the
// oldest Node on which every dependency installs (undici and Lighthouse need 22.19; .npmrc's
// engine-strict turns their engines fields into errors).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, for any Node
var NEEDED = require('../package.json')
  .engines.node.match(/(\d+)\.(\d+)/)
  .slice(1)
  .map(Number);
var have = process.versions.node.split('.').map(Number);
var ok = have[0] > NEEDED[0] || (have[0] === NEEDED[0] && have[1] >= NEEDED[1]);
if (!ok) {
  process.stderr.write(
    'This project needs Node.js ' +
      NEEDED.join('.') +
      ' or newer (24 LTS recommended); this is ' +
      process.version +
      '. Install it from https://nodejs.org or with nvm (nvm install 24), then run the command again.\n',
  );
  process.exit(1);
}
