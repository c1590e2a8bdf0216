// The only module that reads the environment, for every process: the server, `npm run dev`,
// the organiser CLIs, the bench and the Astro build. One schema (zod) names each setting, its
// default and its check, once; a bad value stops the process with one line naming it.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { SITE_URL_DEFAULT } from '../src/content/event.ts';
import { LOCAL_ANON_KEY } from '../src/lib/signup-contract.ts';
import { parseProxyEntry } from './client-address.ts';

/** Sign-ups per client address per minute. A campus shares one NAT address: a lecture hall
 * signing up together after an announcement must get through, a script must not. */
export const DEFAULT_SIGNUP_RATE_LIMIT = 120;

/** Anonymous requests of any kind per client address per minute: a page makes one or two, a
 * lecture hall behind one NAT a few hundred; a script hammering refused reads is stopped. */
export const DEFAULT_REQUEST_RATE_LIMIT = 600;

/** Launch-day messages per second. Slow enough for any provider's per-second limit (Amazon SES
 * starts at 14/s, shared relays often throttle above 10/s); 3,000 people take 10 minutes. */
export const DEFAULT_ANNOUNCE_RATE = 5;

/** Shown instead of a value that must not be printed at all. */
const HIDDEN_VALUE = '(value hidden)';

export class SettingError extends Error {
  constructor(name: string, expected: string, got: string) {
    super(
      `Invalid setting ${name}: expected ${expected}, got ${got === HIDDEN_VALUE ? got : JSON.stringify(got)}`,
    );
    this.name = 'SettingError';
  }
}

type Env = Record<string, string | undefined>;

// Every field takes the raw text (absent, or empty after trimming, is undefined) and either
// returns its value or adds one issue whose message is what was expected.
const raw = z.string().optional();
const present = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

function integer(fallback: number, min: number, max: number) {
  return raw.transform((value, ctx) => {
    const text = present(value);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (/^\d+$/.test(text) && n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', message: `an integer ${min}-${max}` });
    return z.NEVER;
  });
}

function decimal(fallback: number, max: number) {
  return raw.transform((value, ctx) => {
    const text = present(value);
    if (text === undefined) return fallback;
    if (/^\d+(\.\d+)?$/.test(text) && Number(text) <= max) return Number(text);
    ctx.addIssue({ code: 'custom', message: `a number 0-${max}` });
    return z.NEVER;
  });
}

function url(protocols: string[], options: { secret?: boolean; noPath?: boolean } = {}) {
  const expected = `a ${protocols.join(' or ')}// URL`;
  return raw.transform((value, ctx) => {
    const text = present(value);
    if (text === undefined) return undefined;
    let parsed: URL | undefined;
    try {
      parsed = new URL(text);
    } catch {
      parsed = undefined;
    }
    // An SMTP URL has nothing after host:port: a path means an unencoded / in the password, which
    // would otherwise pass as host and port (smtp://me:123/x@host reads as host "me", port 123).
    if (options.noPath && parsed && (parsed.pathname.length > 1 || parsed.search || parsed.hash))
      parsed = undefined;
    if (parsed && protocols.includes(parsed.protocol)) return text;
    ctx.addIssue({
      code: 'custom',
      // A URL with a login is never echoed, not even in part: a password with / or @ in it
      // spreads over the whole URL, so nothing of it can safely be shown.
      message: options.secret
        ? `${expected}, with / @ : in the user or password percent-encoded (%2F %40 %3A)`
        : expected,
      params: options.secret ? { got: HIDDEN_VALUE } : undefined,
    });
    return z.NEVER;
  });
}

const text = (fallback?: string) => raw.transform((value) => present(value) ?? fallback);

const key = raw.transform((value, ctx) => {
  const text = present(value);
  if (text === undefined || (text.length >= 20 && !/\s/.test(text))) return text;
  ctx.addIssue({ code: 'custom', message: 'a key of at least 20 characters without spaces' });
  return z.NEVER;
});

const mailbox = raw.transform((value, ctx) => {
  const text = present(value);
  if (text === undefined || /^[^<>@]+<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/.test(text)) return text;
  ctx.addIssue({ code: 'custom', message: 'Name <address@domain>' });
  return z.NEVER;
});

/**
 * A comma-separated list of proxy addresses and CIDR ranges. `off` (and the old 0/false/no) means
 * none; the old `on` is refused, because it trusted whoever sent the header.
 */
const proxies = raw.transform((value, ctx) => {
  const text = present(value);
  if (text === undefined || /^(0|false|no|off|none)$/i.test(text)) return [];
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.find((entry) => !parseProxyEntry(entry));
  if (bad === undefined) return entries;
  ctx.addIssue({
    code: 'custom',
    message: "the proxy's addresses or ranges, e.g. 127.0.0.1,10.0.0.0/8 (or off)",
    params: { got: bad }, // the one entry that is wrong, not the whole list
  });
  return z.NEVER;
});

/** Setting name → its check and default. The keys are the environment variables. */
const SCHEMA = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: text('0.0.0.0'),
  DATA_DIR: text('.data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], { secret: true }),
  SUPABASE_ANON_KEY: key,
  /** Unset: generated on first start into DATA_DIR (see service-key.ts). */
  SUPABASE_SERVICE_ROLE_KEY: key,
  SIGNUP_RATE_LIMIT: integer(DEFAULT_SIGNUP_RATE_LIMIT, 0, 1_000_000),
  REQUEST_RATE_LIMIT: integer(DEFAULT_REQUEST_RATE_LIMIT, 0, 1_000_000),
  TRUST_PROXY: proxies,
  SUPABASE_URL: url(['http:', 'https:']),
  API_PORT: integer(3001, 1, 65535),
  SMTP_URL: url(['smtp:', 'smtps:'], { secret: true, noPath: true }),
  MAIL_FROM: mailbox,
  SITE_URL: url(['http:', 'https:']),
  UNSUBSCRIBE_URL: url(['http:', 'https:']),
  ANNOUNCE_RATE: decimal(DEFAULT_ANNOUNCE_RATE, 10_000),
  ANNOUNCE_MAX_PER_RUN: integer(0, 0, 1_000_000_000),
  ANNOUNCE_RETRY_MS: integer(1000, 1, 60_000),
  ANNOUNCE_LEASE_SECONDS: integer(90, 5, 600),
  PUBLIC_SUPABASE_URL: url(['http:', 'https:']),
});

function toSettings(v: z.output<typeof SCHEMA>) {
  return {
    port: v.PORT,
    host: v.HOST as string,
    dataDir: v.DATA_DIR as string,
    databaseUrl: v.DATABASE_URL,
    anonKey: v.SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
    serviceRoleKey: v.SUPABASE_SERVICE_ROLE_KEY,
    /** 0 turns rate limiting off. */
    signupRateLimit: v.SIGNUP_RATE_LIMIT,
    /** Every anonymous request (REST, unsubscribe) per address per minute; 0 turns it off. */
    requestRateLimit: v.REQUEST_RATE_LIMIT,
    /** The reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For is believed. */
    trustProxy: v.TRUST_PROXY,
    /** Hosted Supabase project URL, for the organiser CLI. */
    supabaseUrl: v.SUPABASE_URL,
    /** Where `npm run dev` runs the API server (and Astro's dev proxy sends /rest). */
    apiPort: v.API_PORT,
    /** Launch day (`npm run announce`): smtp:// or smtps:// URL, with the login in it. */
    smtpUrl: v.SMTP_URL,
    /** `Name <address>`. */
    mailFrom: v.MAIL_FROM,
    /** The site's public origin: the unsubscribe links in the mail point at it. */
    siteUrl: v.SITE_URL?.replace(/\/+$/, ''),
    /** Where the unsubscribe links point, when not SITE_URL/unsubscribe (the Supabase Edge
     * Function on a static host). */
    unsubscribeUrl: v.UNSUBSCRIBE_URL,
    /** Messages per second; 0 sends as fast as the SMTP server takes them. */
    announceRate: v.ANNOUNCE_RATE,
    /** Messages one `npm run announce` sends at most; 0 is no cap. */
    announceMaxPerRun: v.ANNOUNCE_MAX_PER_RUN,
    /** The first wait before a retry (doubling each time); tests shorten it. */
    announceRetryMs: v.ANNOUNCE_RETRY_MS,
    /** How long a run's hold on a campaign outlasts its last heartbeat; tests shorten it. */
    announceLeaseSeconds: v.ANNOUNCE_LEASE_SECONDS,
    /** The Astro build: the page's hosted Supabase (else it posts to its own origin). */
    publicSupabaseUrl: v.PUBLIC_SUPABASE_URL,
    /** The Astro build: canonical URLs, share tags and the sitemap. */
    buildSiteUrl: v.SITE_URL ?? SITE_URL_DEFAULT,
  };
}

export type Settings = ReturnType<typeof toSettings>;

/** What a bad value is shown as: never a key, never a URL's login. */
function shown(name: string, value: string): string {
  if (/KEY$/.test(name)) return '(hidden)';
  if (/_URL$/.test(name)) return value.replace(/\/\/[^@/]*@/, '//***@');
  return value;
}

export function loadSettings(env: Env): Settings {
  const input: Record<string, string | undefined> = {};
  for (const name of Object.keys(SCHEMA.shape)) input[name] = env[name];
  const result = SCHEMA.safeParse(input);
  if (result.success) return toSettings(result.data);
  const issue = result.error.issues[0];
  const name = String(issue.path[0]);
  const got = (issue as { params?: { got?: string } }).params?.got ?? present(env[name]) ?? '';
  throw new SettingError(name, issue.message, shown(name, got));
}

/** The process environment over `.env` (if present): what a user sets on the command line wins. */
export function processEnv(envFile = '.env'): Env {
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

/** For entry points: settings, or one line on stderr and exit code 1. */
export function settingsOrExit(env: Env = processEnv()): Settings {
  try {
    return loadSettings(env);
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    process.stderr.write(error.message + '\n');
    process.exit(1);
  }
}
