// The only module that reads the environment. Every setting is validated here, once; a bad
// value stops the process with one line naming it.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { LOCAL_ANON_KEY } from '../src/lib/signup-contract.ts';

/** Sign-ups per client address per minute. A campus shares one NAT address: a lecture hall
 * signing up together after an announcement must get through, a script must not. */
export const DEFAULT_SIGNUP_RATE_LIMIT = 120;

/** Launch-day messages per second. Slow enough for any provider's per-second limit (Amazon SES
 * starts at 14/s, shared relays often throttle above 10/s); 3,000 people take 10 minutes. */
export const DEFAULT_ANNOUNCE_RATE = 5;

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  anonKey: string;
  /** Unset: generated on first start into DATA_DIR (see service-key.ts). */
  serviceRoleKey: string | undefined;
  /** 0 turns rate limiting off. */
  signupRateLimit: number;
  trustProxy: boolean;
  /** Hosted Supabase project URL, for the organiser CLI. */
  supabaseUrl: string | undefined;
  /** Where `npm run dev` runs the API server. */
  apiPort: number;
  /** Launch day (`npm run announce`): smtp:// or smtps:// URL, with the login in it. */
  smtpUrl: string | undefined;
  /** `Name <address>`. */
  mailFrom: string | undefined;
  /** The site's public origin: the unsubscribe links in the mail point at it. */
  siteUrl: string | undefined;
  /** Where the unsubscribe links point, when not SITE_URL/unsubscribe (the Supabase Edge
   * Function on a static host). */
  unsubscribeUrl: string | undefined;
  /** Messages per second; 0 sends as fast as the SMTP server takes them. */
  announceRate: number;
  /** Messages per run at most (a free plan's daily limit); 0 = no cap. --max overrides it. */
  announceMaxPerRun: number;
  /** The first wait before a retry (doubling each time); tests shorten it. */
  announceRetryMs: number;
}

export class SettingError extends Error {
  constructor(name: string, expected: string, got: string) {
    super(
      `Invalid setting ${name}: expected ${expected}, got ${got === '(value hidden)' ? got : JSON.stringify(got)}`,
    );
    this.name = 'SettingError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new SettingError(name, `an integer ${min}-${max}`, raw);
  }
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = text(env, name);
  if (raw === undefined) return false;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new SettingError(name, 'on/off (1, true, yes, on / 0, false, no, off)', raw);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  // An SMTP URL has nothing after host:port: a path means an unencoded / in the password, which
  // would otherwise pass as host and port (smtp://me:123/x@host reads as host "me", port 123).
  if (name === 'SMTP_URL' && parsed && (parsed.pathname.length > 1 || parsed.search || parsed.hash))
    parsed = undefined;
  if (!parsed || !protocols.includes(parsed.protocol)) {
    // Never echo a database or SMTP URL, not even in part: a password with / or @ in it spreads
    // over the whole URL, so nothing of it can safely be shown.
    if (/^(DATABASE|SMTP)_URL$/.test(name))
      throw new SettingError(
        name,
        `a ${protocols.join(' or ')}// URL, with / @ : in the user or password percent-encoded (%2F %40 %3A)`,
        '(value hidden)',
      );
    throw new SettingError(name, `a ${protocols.join(' or ')}// URL`, raw);
  }
  return raw;
}

function key(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw !== undefined && (raw.length < 20 || /\s/.test(raw))) {
    throw new SettingError(name, 'a key of at least 20 characters without spaces', '(hidden)');
  }
  return raw;
}

function decimal(env: Env, name: string, fallback: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value > max) {
    throw new SettingError(name, `a number 0-${max}`, raw);
  }
  return value;
}

function mailbox(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw !== undefined && !/^[^<>@]+<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/.test(raw)) {
    throw new SettingError(name, 'Name <address@domain>', raw);
  }
  return raw;
}

export function loadSettings(env: Env): Settings {
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: text(env, 'DATA_DIR') ?? '.data',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    anonKey: key(env, 'SUPABASE_ANON_KEY') ?? LOCAL_ANON_KEY,
    serviceRoleKey: key(env, 'SUPABASE_SERVICE_ROLE_KEY'),
    signupRateLimit: integer(env, 'SIGNUP_RATE_LIMIT', DEFAULT_SIGNUP_RATE_LIMIT, 0, 1_000_000),
    trustProxy: flag(env, 'TRUST_PROXY'),
    supabaseUrl: url(env, 'SUPABASE_URL', ['http:', 'https:']),
    apiPort: integer(env, 'API_PORT', 3001, 1, 65535),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: mailbox(env, 'MAIL_FROM'),
    siteUrl: url(env, 'SITE_URL', ['http:', 'https:'])?.replace(/\/+$/, ''),
    unsubscribeUrl: url(env, 'UNSUBSCRIBE_URL', ['http:', 'https:']),
    announceRate: decimal(env, 'ANNOUNCE_RATE', DEFAULT_ANNOUNCE_RATE, 10_000),
    announceMaxPerRun: integer(env, 'ANNOUNCE_MAX_PER_RUN', 0, 0, 10_000_000),
    announceRetryMs: integer(env, 'ANNOUNCE_RETRY_MS', 1000, 1, 60_000),
  };
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
