// The only module that reads the environment, for every process: the server, `npm run dev`,
// the organiser CLIs and the Astro build. One schema (zod) names each setting, its
// default and its check, once; a bad value stops the process with one line naming it (the site
// only says so, for a setting it does not read).
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { isLoopback } from './mail-server.ts';
import { SITE_URL_DEFAULT } from '../content/event.ts';
import { LOCAL_ANON_KEY } from '../common/signup-contract.ts';
import proxyaddr from 'proxy-addr';

// The defaults the README's Settings tables explain. The sign-up budget's is also the database's
// own default, tedxcommunity_budget.per_minute() (decision 0025).
export const DEFAULT_SIGNUP_RATE_LIMIT = 120;
export const DEFAULT_REQUEST_RATE_LIMIT = 600;
/** Slow enough for any provider's per-second limit (Amazon SES starts at 14/s). */
export const DEFAULT_ANNOUNCE_RATE = 5;

class SettingError extends Error {
  readonly setting: string;
  constructor(name: string, expected: string, got: string) {
    super(`Invalid setting ${name}: expected ${expected}, got ${got}`);
    this.name = 'SettingError';
    this.setting = name;
  }
}

// Each setting is its environment variable's text: absent or blank is unset, surrounding spaces
// are dropped, then zod's own checks decide. The check's message is what was expected, so the one
// line reads "Invalid setting NAME: expected <message>, got <value>".
const blank = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
};
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema);

/** A whole number unless `whole` is false. */
function number(fallback: number, min: number, max: number, whole = true) {
  const error = `${whole ? 'an integer' : 'a number'} ${min}-${max}`;
  const n = z.coerce.number({ error }).min(min, { error }).max(max, { error });
  return setting((whole ? n.int({ error }) : n).default(fallback));
}

const ENCODED = ', with / @ : in the user or password percent-encoded (%2F %40 %3A)';

/** What a URL setting expects; a URL with a login is never echoed (see SECRET_URLS), so it
 * says how to write one that parses. */
function expectedUrl(protocols: string[], secret: boolean): string {
  const expected = `a URL starting ${protocols.map((p) => `${p}://`).join(' or ')}`;
  return secret ? expected + ENCODED : expected;
}

const IMAP_EXPECTED = `an imaps://user:password@host:993/INBOX URL (imap:// only to 127.0.0.1 or localhost)${ENCODED}`;

/**
 * An optional URL setting; protocols without their colon, e.g. ['http', 'https']. `check` is a
 * further check; it runs even when the URL check before it failed, so it only judges what parses.
 */
function url(
  protocols: string[],
  {
    secret = false,
    error = expectedUrl(protocols, secret),
    check = (): boolean => true,
  }: { secret?: boolean; error?: string; check?: (url: URL) => boolean } = {},
) {
  const parsed = (value: string) => {
    const url = URL.parse(value);
    return !url || check(url);
  };
  const schema = z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error });
  return setting(schema.refine(parsed, { error }).optional());
}

const text = (fallback: string) => setting(z.string().default(fallback));

const key = z
  .string()
  .regex(/^\S{20,}$/, { error: 'a key of at least 20 characters without spaces' });

/** An address or CIDR range, as proxy-addr reads it. */
function isProxyEntry(entry: string): boolean {
  try {
    proxyaddr.compile([entry]);
    return true;
  } catch {
    return false;
  }
}

/** A comma-separated list of proxy addresses and CIDR ranges. `off` (and 0/false/no) means none;
 * `on` is refused, because it would trust whoever sent the header. */
const proxies = setting(z.string().optional())
  .transform((v) => (v === undefined || /^(0|false|no|off|none)$/i.test(v) ? [] : v.split(',')))
  .pipe(
    z.array(
      z.string().trim().refine(isProxyEntry, {
        error: "the proxy's addresses or ranges, e.g. 127.0.0.1,10.0.0.0/8 (or off)",
      }),
    ),
  );

// The settings by the process that reads them (a setting read by several processes is listed
// with the first). The keys are the environment variables.
const THE_SITES = {
  // The server (`npm start`, and the API behind `npm run dev`); the organiser commands read the
  // database settings too, to find the same list.
  PORT: number(3000, 0, 65535),
  HOST: text('0.0.0.0'),
  DATA_DIR: text('.data'),
  DATABASE_URL: url(['postgres', 'postgresql'], { secret: true }),
  SUPABASE_ANON_KEY: setting(key.default(LOCAL_ANON_KEY)),
  /** Unset: generated on first start into DATA_DIR (see service-key.ts). */
  SUPABASE_SERVICE_ROLE_KEY: setting(key.optional()),
  SIGNUP_RATE_LIMIT: number(DEFAULT_SIGNUP_RATE_LIMIT, 0, 1_000_000),
  REQUEST_RATE_LIMIT: number(DEFAULT_REQUEST_RATE_LIMIT, 0, 1_000_000),
  TRUST_PROXY: proxies,
  // The Astro build. SITE_URL, the site's public origin, is the commands' too.
  SITE_URL: url(['http', 'https']),
  PUBLIC_SUPABASE_URL: url(['http', 'https']),
};
/** What the site (`npm start`, the server, the build) does not read: a bad one must not keep it
 * from taking sign-ups (settingsOrExit). */
const NOT_THE_SITES = {
  // `npm run dev`.
  API_PORT: number(3001, 1, 65535),
  // The organiser commands (`npm run subscribers`, `npm run announce`).
  SUPABASE_URL: url(['http', 'https']),
  SMTP_URL: url(['smtp', 'smtps'], {
    secret: true,
    // Nothing after host:port: a path means an unencoded / in the password, which would
    // otherwise pass as host and port (smtp://me:123/x@host reads as host "me", port 123).
    check: (url) => url.pathname.length <= 1 && !url.search && !url.hash,
  }),
  // `npm run subscribers -- bounces`: the sending mailbox, read-only. Plain imap:// only to this
  // machine (a local bridge or a test server): the login must not cross a network in clear.
  IMAP_URL: url(['imap', 'imaps'], {
    error: IMAP_EXPECTED,
    check: (url) =>
      (url.protocol === 'imaps:' || isLoopback(url.hostname)) && !url.search && !url.hash,
  }),
  MAIL_FROM: setting(
    z
      .string()
      .regex(/^[^<>@]+<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/, { error: 'Name <address@domain>' })
      .optional(),
  ),
  UNSUBSCRIBE_URL: url(['http', 'https']),
  ANNOUNCE_RATE: number(DEFAULT_ANNOUNCE_RATE, 0, 10_000, false),
  ANNOUNCE_MAX_PER_RUN: number(0, 0, 1_000_000_000),
  ANNOUNCE_RETRY_MS: number(1000, 1, 60_000),
  ANNOUNCE_LEASE_SECONDS: number(90, 5, 600),
};
const SCHEMA = z.object({ ...THE_SITES, ...NOT_THE_SITES }).superRefine((v, ctx) => {
  // The anon key is in every page; a service-role key equal to it hands every visitor the
  // service role, which bypasses row security.
  if (v.SUPABASE_SERVICE_ROLE_KEY === v.SUPABASE_ANON_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['SUPABASE_SERVICE_ROLE_KEY'],
      message:
        "the project's secret service-role key, not the anon key (the anon key is public: it is in every page)",
    });
});

/** URLs that carry a login: never echoed, not even in part (a password with / or @ in it
 * spreads over the whole URL). */
const SECRET_URLS = new Set(['DATABASE_URL', 'SMTP_URL', 'IMAP_URL']);

/** The settings by the names the code uses; what each means: README.md, Settings. */
function toSettings(v: z.output<typeof SCHEMA>) {
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: v.DATA_DIR,
    databaseUrl: v.DATABASE_URL,
    anonKey: v.SUPABASE_ANON_KEY,
    serviceRoleKey: v.SUPABASE_SERVICE_ROLE_KEY,
    signupRateLimit: v.SIGNUP_RATE_LIMIT,
    requestRateLimit: v.REQUEST_RATE_LIMIT,
    trustProxy: v.TRUST_PROXY,
    supabaseUrl: v.SUPABASE_URL,
    apiPort: v.API_PORT,
    smtpUrl: v.SMTP_URL,
    imapUrl: v.IMAP_URL,
    mailFrom: v.MAIL_FROM,
    // SITE_URL twice: the commands' (unset unless given) and the build's (with its default).
    siteUrl: v.SITE_URL?.replace(/\/+$/, ''),
    unsubscribeUrl: v.UNSUBSCRIBE_URL,
    announceRate: v.ANNOUNCE_RATE,
    announceMaxPerRun: v.ANNOUNCE_MAX_PER_RUN,
    announceRetryMs: v.ANNOUNCE_RETRY_MS,
    announceLeaseSeconds: v.ANNOUNCE_LEASE_SECONDS,
    publicSupabaseUrl: v.PUBLIC_SUPABASE_URL,
    buildSiteUrl: v.SITE_URL ?? SITE_URL_DEFAULT,
  };
}

export type Settings = ReturnType<typeof toSettings>;

/** What a bad value is shown as, quoted: never a key, never a URL's login. */
function shown(name: string, value: string): string {
  if (SECRET_URLS.has(name)) return '(value hidden)';
  if (/KEY$/.test(name)) return JSON.stringify('(hidden)');
  return JSON.stringify(/_URL$/.test(name) ? value.replace(/\/\/[^@/]*@/, '//***@') : value);
}

export function loadSettings(env: Record<string, string | undefined>): Settings {
  const result = SCHEMA.safeParse(env, { reportInput: true });
  if (result.success) return toSettings(result.data);
  const issue = result.error.issues[0];
  const name = String(issue.path[0]);
  // One entry of a list (TRUST_PROXY) is shown alone, not the whole list.
  const got =
    issue.path.length > 1 && typeof issue.input === 'string' ? issue.input : blank(env[name]);
  throw new SettingError(name, issue.message, shown(name, typeof got === 'string' ? got : ''));
}

/** What to do when the database DATABASE_URL names cannot be opened: the server's and the
 * commands' advice. */
export const DATABASE_URL_ADVICE = 'Check DATABASE_URL, and that the database server is running';

/** For entry points: the settings of the process environment over `.env` (if present: what a user
 * sets on the command line wins), or one line on stderr and exit code 1. The site goes on without
 * a bad setting it does not read, saying so. */
export function settingsOrExit({ site = false } = {}): Settings {
  const fromFile = existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8')) : {};
  // A name no part reads is ignored: said, so that a misspelt ANNOUNCE_MAX_PER_RUN is not a
  // silent send to the whole list. The build's own PUBLIC_ variables are Astro's to read.
  for (const name of Object.keys(fromFile))
    if (!Object.hasOwn(SCHEMA.shape, name) && !name.startsWith('PUBLIC_'))
      process.stderr.write(
        `.env sets ${name}, which nothing here reads: check its spelling (README.md, Settings)\n`,
      );
  const env = { ...fromFile, ...process.env };
  for (;;) {
    try {
      return loadSettings(env);
    } catch (error) {
      if (!(error instanceof SettingError)) throw error;
      const { setting } = error;
      if (site && Object.hasOwn(NOT_THE_SITES, setting)) {
        process.stderr.write(
          `${error.message}. The site does not read it and goes on; the organiser commands refuse it until it is fixed\n`,
        );
        env[setting] = undefined;
        continue;
      }
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
  }
}
