// Headers on every answer, written once: Hono's secureHeaders() sends them from this server, and
// scripts/compress.ts copies what it sends into dist/_headers for a static host. Of the
// middleware's defaults, only nosniff and the same-origin opener policy are kept.
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export const securityHeaders = () =>
  secureHeaders({
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

/** The headers securityHeaders() sends, by name. */
export async function securityHeaderList(): Promise<Record<string, string>> {
  const app = new Hono().use(securityHeaders()).get('/', (c) => c.body(null));
  const res = await app.request('/');
  // Headers lists names in lower case; written as they are spelled: X-Frame-Options.
  const spelled = (name: string) => name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase());
  return Object.fromEntries(
    [...res.headers].flatMap(([name, value]) =>
      name === 'content-type' ? [] : [[spelled(name), value]],
    ),
  );
}
