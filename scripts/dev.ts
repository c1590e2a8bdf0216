// npm run dev: `astro dev` with hot reload and, in the same process, the API server with the
// embedded database on API_PORT (default 3001), where Astro's Vite proxy sends /rest. Ctrl-C stops
// both: the server closes the database, then the process ends.
import { fileURLToPath } from 'node:url';
import { dev } from 'astro';
import { settingsOrExit } from '../platform/settings.ts';

const { apiPort } = settingsOrExit();
// The server listens where PORT and HOST say; astro dev keeps its own port (astro.config.mjs).
Object.assign(process.env, { PORT: String(apiPort), HOST: '127.0.0.1' });
await import('../server/index.ts');
await dev({ root: fileURLToPath(new URL('../', import.meta.url)) });
