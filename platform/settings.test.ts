import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedPgliteDir } from '../test-support/databases.ts';
import { runCli } from '../test-support/server-process.ts';
import { LOCAL_ANON_KEY } from '../common/signup-contract.ts';
import { SITE_URL_DEFAULT } from '../content/event.ts';
import {
  DEFAULT_ANNOUNCE_RATE,
  DEFAULT_REQUEST_RATE_LIMIT,
  DEFAULT_SIGNUP_RATE_LIMIT,
  loadSettings,
} from './settings.ts';

describe('settings', () => {
  it('has the documented defaults', () => {
    expect(loadSettings({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '.data',
      databaseUrl: undefined,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: undefined,
      signupRateLimit: DEFAULT_SIGNUP_RATE_LIMIT,
      requestRateLimit: DEFAULT_REQUEST_RATE_LIMIT,
      trustProxy: [],
      supabaseUrl: undefined,
      apiPort: 3001,
      smtpUrl: undefined,
      mailFrom: undefined,
      siteUrl: undefined,
      unsubscribeUrl: undefined,
      announceRate: DEFAULT_ANNOUNCE_RATE,
      announceMaxPerRun: 0,
      announceRetryMs: 1000,
      announceLeaseSeconds: 90,
      publicSupabaseUrl: undefined,
      buildSiteUrl: SITE_URL_DEFAULT,
    });
  });

  it('reads every setting', () => {
    const settings = loadSettings({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/tedx',
      DATABASE_URL: 'postgres://u:p@db:5432/tedx',
      SUPABASE_ANON_KEY: 'a'.repeat(40),
      SUPABASE_SERVICE_ROLE_KEY: 's'.repeat(40),
      SIGNUP_RATE_LIMIT: '0',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8',
      REQUEST_RATE_LIMIT: '50',
      ANNOUNCE_MAX_PER_RUN: '500',
      SUPABASE_URL: 'https://abc.supabase.co',
      API_PORT: '4000',
      SMTP_URL: 'smtps://me%40gmail.com:app-pass@smtp.gmail.com',
      IMAP_URL: 'imaps://me%40gmail.com:app-pass@imap.gmail.com:993/INBOX',
      MAIL_FROM: 'TEDxKampalaBS <hello@tedx.example>',
      SITE_URL: 'https://tedx.example/',
      UNSUBSCRIBE_URL: 'https://abc.supabase.co/functions/v1/unsubscribe',
      ANNOUNCE_RATE: '2.5',
    });
    expect(settings).toMatchObject({
      unsubscribeUrl: 'https://abc.supabase.co/functions/v1/unsubscribe',
      imapUrl: 'imaps://me%40gmail.com:app-pass@imap.gmail.com:993/INBOX',
      mailFrom: 'TEDxKampalaBS <hello@tedx.example>',
      siteUrl: 'https://tedx.example',
      announceRate: 2.5,
      port: 8080,
      host: '127.0.0.1',
      signupRateLimit: 0,
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'],
      requestRateLimit: 50,
      announceMaxPerRun: 500,
      buildSiteUrl: 'https://tedx.example/',
      apiPort: 4000,
    });
  });

  it.each([
    ['PORT', 'abc', 'Invalid setting PORT: expected an integer 0-65535, got "abc"'],
    ['PORT', '70000', 'Invalid setting PORT: expected an integer 0-65535, got "70000"'],
    ['SIGNUP_RATE_LIMIT', '-1', 'Invalid setting SIGNUP_RATE_LIMIT'],
    ['SIGNUP_RATE_LIMIT', '1.5', 'Invalid setting SIGNUP_RATE_LIMIT'],
    ['TRUST_PROXY', 'maybe', 'Invalid setting TRUST_PROXY'],
    // The old on/off: "on" trusted whoever sent the header; now the proxy must be named.
    ['TRUST_PROXY', 'on', 'Invalid setting TRUST_PROXY: expected the proxy'],
    ['TRUST_PROXY', '127.0.0.1,10.0.0.0/33', 'got "10.0.0.0/33"'],
    ['TRUST_PROXY', '127.0.0.1,,::1', 'Invalid setting TRUST_PROXY'],
    ['REQUEST_RATE_LIMIT', 'lots', 'Invalid setting REQUEST_RATE_LIMIT'],
    ['ANNOUNCE_MAX_PER_RUN', '-5', 'Invalid setting ANNOUNCE_MAX_PER_RUN: expected an integer'],
    ['DATABASE_URL', 'mysql://u:secret@x/db', 'Invalid setting DATABASE_URL'],
    ['SUPABASE_URL', 'not a url', 'Invalid setting SUPABASE_URL'],
    ['SUPABASE_SERVICE_ROLE_KEY', 'short', 'Invalid setting SUPABASE_SERVICE_ROLE_KEY'],
    [
      'SMTP_URL',
      'http://smtp.example',
      'Invalid setting SMTP_URL: expected a URL starting smtp:// or smtps://',
    ],
    [
      'MAIL_FROM',
      'hello@tedx.example',
      'Invalid setting MAIL_FROM: expected Name <address@domain>',
    ],
    ['SITE_URL', 'tedx.example', 'Invalid setting SITE_URL'],
    [
      'UNSUBSCRIBE_URL',
      'abc.supabase.co/functions/v1/unsubscribe',
      'Invalid setting UNSUBSCRIBE_URL: expected a URL starting http:// or https://',
    ],
    [
      'IMAP_URL',
      'imap://u:secret@imap.example.org/INBOX',
      'Invalid setting IMAP_URL: expected an imaps://user:password@host:993/INBOX URL (imap:// only to 127.0.0.1 or localhost), with / @ : in the user or password percent-encoded (%2F %40 %3A), got (value hidden)',
    ],
    ['IMAP_URL', 'smtps://u:secret@smtp.example.org', 'Invalid setting IMAP_URL: expected an'],
    ['ANNOUNCE_RATE', '-1', 'Invalid setting ANNOUNCE_RATE: expected a number 0-10000'],
    ['ANNOUNCE_RATE', 'fast', 'Invalid setting ANNOUNCE_RATE'],
    ['ANNOUNCE_MAX_PER_RUN', '-5', 'Invalid setting ANNOUNCE_MAX_PER_RUN: expected an integer'],
  ])('refuses %s=%j with one line naming it', (name, value, message) => {
    expect(() => loadSettings({ [name]: value })).toThrow(message);
  });

  it.each([
    ['DATABASE_URL', 'mysql://u:secret@x/db'],
    ['SMTP_URL', 'smtpx://u:secret@x'],
    // Unencoded / and @ in the password: the URL does not parse, or parses with a path.
    ['SMTP_URL', 'smtp://me@gmail.com:se/cr@et@smtp.gmail.com:587'],
    ['SMTP_URL', 'smtp://me:123/secret@smtp.gmail.com'],
    ['DATABASE_URL', 'postgres://u:se/cr@et@db/x?sslmode=require&x=%zz'],
  ])('never echoes any part of %s', (name, value) => {
    expect(() => loadSettings({ [name]: value })).toThrow(`Invalid setting ${name}: expected a `);
    try {
      loadSettings({ [name]: value });
    } catch (error) {
      expect(String(error)).toContain('(value hidden)');
      for (const part of ['secret', 'se/cr', 'et@', 'me@', 'gmail', '123'])
        expect(String(error)).not.toContain(part);
    }
  });

  it('takes plain imap:// to this machine only', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]'])
      expect(loadSettings({ IMAP_URL: `imap://u:p@${host}:1143/Bounces` }).imapUrl).toBe(
        `imap://u:p@${host}:1143/Bounces`,
      );
    expect(() => loadSettings({ IMAP_URL: 'imap://u:p@10.0.0.5:143' })).toThrow(
      'Invalid setting IMAP_URL',
    );
    // Unencoded / and @ in the password: nothing of it is echoed.
    const bad = () => loadSettings({ IMAP_URL: 'imap://me@gmail.com:se/cr@et@imap.gmail.com:143' });
    expect(bad).toThrow('Invalid setting IMAP_URL: expected an imaps://');
    expect(bad).toThrow('got (value hidden)');
    expect(bad).not.toThrow(/secret|se\/cr|et@|me@|gmail/);
  });

  it('takes TRUST_PROXY=off, and treats an empty value as unset', () => {
    expect(loadSettings({ TRUST_PROXY: 'off' }).trustProxy).toEqual([]);
    expect(loadSettings({ TRUST_PROXY: ' ' }).trustProxy).toEqual([]);
  });

  it('never echoes a key', () => {
    expect(() => loadSettings({ SUPABASE_SERVICE_ROLE_KEY: 'short secret' })).toThrow(
      'got "(hidden)"',
    );
  });

  it('refuses a service-role key equal to the anon key (the anon key is in every page)', async () => {
    const same = 'k'.repeat(40);
    const refused = `Invalid setting SUPABASE_SERVICE_ROLE_KEY: expected the project's secret service-role key, not the anon key (the anon key is public: it is in every page), got "(hidden)"`;
    expect(() =>
      loadSettings({ SUPABASE_ANON_KEY: same, SUPABASE_SERVICE_ROLE_KEY: same }),
    ).toThrow(refused);
    // Unset, the anon key is the documented local one: that one is public too.
    expect(() => loadSettings({ SUPABASE_SERVICE_ROLE_KEY: LOCAL_ANON_KEY })).toThrow(refused);
    expect(loadSettings({ SUPABASE_SERVICE_ROLE_KEY: same }).serviceRoleKey).toBe(same);
    const result = await runCli(['server/index.ts'], {
      SUPABASE_ANON_KEY: same,
      SUPABASE_SERVICE_ROLE_KEY: same,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${refused}\n`);
  });

  it('makes the server exit 1 with exactly one line for a bad setting', async () => {
    const result = await runCli(['server/index.ts'], { PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Invalid setting PORT: expected an integer 0-65535, got "abc"\n');
  });

  it('says which name in .env nothing reads (a misspelt setting), and goes on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dotenv-'));
    try {
      writeFileSync(
        join(dir, '.env'),
        'ANNOUNCE_MAX_PER_DAY=450\nANNOUNCE_RATE=2\nPUBLIC_SUPABASE_ANON_KEY=x\n',
      );
      const settings = new URL('./settings.ts', import.meta.url).pathname;
      const result = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { settingsOrExit } = await import(${JSON.stringify(settings)});
           process.stdout.write(String(settingsOrExit().announceRate));`,
        ],
        { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH } },
      );
      expect(result.stdout).toBe('2');
      expect(result.stderr).toBe(
        '.env sets ANNOUNCE_MAX_PER_DAY, which nothing here reads: check its spelling (README.md, Settings)\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the site start past a bad setting only the organiser commands read, saying so', () => {
    const settings = new URL('./settings.ts', import.meta.url).pathname;
    const run = (options: string) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { settingsOrExit } = await import(${JSON.stringify(settings)});
           process.stdout.write(String(settingsOrExit(${options}).port));`,
        ],
        {
          cwd: tmpdir(),
          encoding: 'utf8',
          env: { PATH: process.env.PATH, SMTP_URL: 'smtp://me:123/x@host', ANNOUNCE_RATE: 'fast' },
        },
      );
    const site = run('{ site: true }');
    expect(site.status).toBe(0);
    expect(site.stdout).toBe('3000');
    const goesOn =
      '. The site does not read it and goes on; the organiser commands refuse it until it is fixed';
    expect(site.stderr.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^Invalid setting SMTP_URL: .*got \\(value hidden\\)${goesOn}$`),
      ),
      `Invalid setting ANNOUNCE_RATE: expected a number 0-10000, got "fast"${goesOn}`,
      '',
    ]);
    const command = run('');
    expect(command.status).toBe(1);
    expect(command.stderr).toMatch(/^Invalid setting SMTP_URL: [^\n]*\(value hidden\)\n$/);
  });

  describe('an address the server cannot listen on is one line naming the setting', () => {
    // On a migrated database from the tests' template: a new one would first take the 6-8 s of
    // PGlite's initdb.
    const listenFailure = async (env: Record<string, string>) => {
      const dir = mkdtempSync(join(tmpdir(), 'listen-'));
      try {
        await seedPgliteDir(dir);
        return await runCli(['server/index.ts'], { DATA_DIR: dir, ...env });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };

    it('a port in use', async () => {
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as { port: number };
      try {
        const result = await listenFailure({ HOST: '127.0.0.1', PORT: String(port) });
        expect(result.code).toBe(1);
        expect(result.stderr).toBe(
          `Could not listen on 127.0.0.1:${port} (EADDRINUSE): another program uses port ${port}: stop it, or set PORT to a free port\n`,
        );
      } finally {
        taken.close();
      }
    });

    it('a HOST that is not this machine', async () => {
      const result = await listenFailure({ HOST: '192.0.2.1', PORT: '0' });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'Could not listen on 192.0.2.1:0 (EADDRNOTAVAIL): 192.0.2.1 is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them\n',
      );
    });
  });
});
