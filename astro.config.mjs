// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { URL } from 'node:url';
import { defineConfig } from 'astro/config';
import { cspDirectives } from './src/lib/csp-directives.ts';
import { settingsOrExit } from './platform/settings.ts';

// Every setting through the one schema (platform/settings.ts), as the server and the CLIs read them.
const settings = settingsOrExit({ site: true });

export default defineConfig({
  // One setting for canonical URLs, share tags and the sitemap: SITE_URL at build, else content.
  site: settings.buildSiteUrl,
  // The stylesheet in every page's <head> (about 6 KB compressed): a separate file would be a
  // request the first paint waits for, the largest step between a page and the floor
  // (docs/decisions/0002-inline-css-per-page.md).
  build: { inlineStylesheets: 'always' },
  integrations: [
    react(),
    sitemap({
      // Not the not-found page, the pages a no-JavaScript sign-up lands on, nor a person's data.
      filter: (page) => !/^\/(404|signup\/|your-data)/.test(new URL(page).pathname),
      // Match the canonical URLs, which name routes as the spec does: /about, not /about/.
      serialize: (item) => ({ ...item, url: item.url.replace(/(?<=[^/])\/$/, '') }),
    }),
  ],
  security: {
    // Astro hashes its own inline scripts and styles into a <meta http-equiv> tag in each page's
    // <head>; the server copies that policy into a header and adds what a meta tag cannot carry.
    csp: {
      // The page talks to hosted Supabase when built with PUBLIC_SUPABASE_URL, else to its own origin.
      directives: cspDirectives(settings.publicSupabaseUrl),
    },
  },
  vite: {
    plugins: [tailwindcss()],
    server: {
      // `npm run dev` runs the sign-up API beside Astro; the page posts to /rest on its origin.
      proxy: { '/rest': `http://127.0.0.1:${settings.apiPort}` },
    },
  },
});
