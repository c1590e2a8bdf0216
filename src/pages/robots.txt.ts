import type { APIRoute } from 'astro';

// A text body: the Response is text/plain; charset=UTF-8 without being told.
export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap-index.xml', site).href}\n`);
