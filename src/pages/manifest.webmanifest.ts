import type { APIRoute } from 'astro';
import { EVENT_FULL_NAME, EVENT_SHORT_NAME } from '../../content/event';
import { PAGE_META, THEME_COLOR } from '../lib/seo';

export const GET: APIRoute = () =>
  Response.json({
    name: EVENT_FULL_NAME,
    short_name: EVENT_SHORT_NAME,
    description: PAGE_META.home.description,
    start_url: '/',
    display: 'standalone',
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
