// `subscribers -- bounces --file` on the whole sisimai corpus (629 real reports from about 40 mail
// systems, test-support/mail-samples). Wrapped around messages the project sent, one
// report per person: it acts on the hard bounces and complaints alone (Sisimai, Debian's
// libsisimai-perl, is the oracle where it is installed), a second run changes nothing, and the
// next campaign reaches everyone else, each once. As the corpus came, about strangers' mail, it
// stops nobody, not even the very addresses it names.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCE_TEST_ENV, listOn, type ListBackend } from '../test-support/announce-lists.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import {
  readSample,
  recipientsIn,
  SAMPLE_MBOX,
  SAMPLES,
  sampleNames,
  wrapReport,
} from '../test-support/wrap-report.ts';

const SENDER = 'hello@tedx.test';
const names = sampleNames();
const person = (i: number) => `reader${i}@example.org`;

/** Sisimai's reason for each sample (and its feedback type), where libsisimai-perl is installed. */
function sisimaiReasons(): Map<string, string> | null {
  try {
    const json = execFileSync(
      'perl',
      [
        '-MSisimai',
        '-MJSON::PP',
        '-e',
        'my $v = Sisimai->make($ARGV[0], "delivered" => 1, "vacation" => 1) || []; my %o; ' +
          'for my $e (@$v) { my $d = $e->damn; my ($f) = $d->{origin} =~ m{([^/]+)$}; ' +
          '$o{$f} //= $d->{reason} . ($d->{feedbacktype} ? ":$d->{feedbacktype}" : "") } ' +
          'print JSON::PP->new->encode(\\%o)',
        SAMPLES,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return new Map(Object.entries(JSON.parse(json) as Record<string, string>));
  } catch {
    return null;
  }
}

// Sisimai's reasons a hard bounce may have: the address (or its domain) does not exist or moved;
// "filtered" is Sisimai's name for an unknown user refused after DATA, "suspend" for an account
// disabled in words without a code.
const HARD_REASONS = /^(userunknown|hostunknown|hasmoved|notaccept|filtered|suspend)$/;
// Where this project's reading differs from Sisimai's, and why it still suppresses.
const HARD_DESPITE_SISIMAI: Record<string, string> = {
  'lhost-postfix-01.eml': 'procmail: "No such user", 5.1.1',
  'rfc3464-01.eml': '550 5.1.1 User Unknown (Sisimai: mailboxfull)',
  'rhost-nttdocomo-02.eml': '550 Unknown user',
  'rhost-nttdocomo-03.eml': '550 Unknown user',
  'rhost-godaddy-03.eml': '550 5.1.1 from the remote server itself',
  'lhost-postfix-13.eml': '550 5.2.1 User Unknown for this person (Sisimai: the next, mailboxfull)',
  'lhost-dragonfly-13.eml': 'Postfix words "Recipient address rejected" with 5.3.0, as at send',
  'lhost-dragonfly-17.eml': 'Postfix words "Recipient address rejected" with 5.0.0, as at send',
  'lhost-dragonfly-23.eml': 'Postfix words "Recipient address rejected" with 5.3.0, as at send',
};
const COMPLAINT_REASONS = /^feedback:(abuse|fraud|opt-out)$/;

describe('bounces on the sisimai corpus', () => {
  let list: ListBackend;
  let sink: SmtpSink;
  let folder: string;
  let env: Record<string, string>;
  const wrappedNames: string[] = [];
  const cli = (...args: string[]) => runCli(args, env);

  beforeAll(async () => {
    list = await listOn('running server', names.length, person);
    sink = await startSmtpSink({ keep: true });
    env = { ...ANNOUNCE_TEST_ENV, ...list.env, SMTP_URL: sink.url() };
    expect((await cli('cli/announce.ts', '--campaign', 'launch', '--yes')).code).toBe(0);
    folder = mkdtempSync(join(tmpdir(), 'tedx-corpus-'));
    for (const [i, name] of names.entries()) {
      const sent = sink.messages.find((m) => m.to === person(i));
      if (!sent) throw new Error(`${person(i)} got nothing`);
      const { raw, wrapped } = await wrapReport(readSample(name), sent, SENDER);
      if (wrapped) wrappedNames.push(name);
      writeFileSync(join(folder, name), raw, 'latin1');
    }
  }, 300_000);
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await sink?.close();
    await list?.dispose();
  });

  it('acts on the hard bounces and complaints alone', { timeout: 300_000 }, async () => {
    const run = await cli('cli/subscribers.ts', 'bounces', '--file', folder, '--verbose');
    expect(run.code).toBe(0);
    const acted = (kind: string) =>
      [...run.stderr.matchAll(new RegExp(`^${kind} \\([^)]*\\): reader(\\d+)@`, 'gm'))].map(
        (m) => names[Number(m[1])],
      );
    const hard = acted('Late bounce');
    const complaints = acted('Complaint');
    const summary = /^Read .*$/m.exec(run.stderr)?.[0] ?? '';
    // The figures for the record (docs/performance.md), held here. 140 hard: 5.2.1, a disabled
    // mailbox, is hard as it is at send (policy.ts); it was 130 while a late 5.2.1 was soft.
    expect(summary).toContain(`Read 609 reports in ${folder} (631 messages)`);
    expect(summary).toContain(': 140 hard bounces suppressed, 11 complaints unsubscribed');
    expect(hard).toHaveLength(140);
    expect(complaints).toHaveLength(11);
    expect(wrappedNames.length).toBeGreaterThan(500);

    const sisimai = sisimaiReasons();
    if (sisimai) {
      const reason = (n: string) => sisimai.get(n) ?? '(none)';
      const unexpectedHard = hard.filter(
        (n) =>
          !HARD_REASONS.test(reason(n)) && !(n in HARD_DESPITE_SISIMAI) && reason(n) !== '(none)',
      );
      expect(unexpectedHard.map((n) => `${n}: ${reason(n)}`)).toEqual([]);
      const unexpectedComplaints = complaints.filter((n) => !COMPLAINT_REASONS.test(reason(n)));
      expect(unexpectedComplaints.map((n) => `${n}: ${reason(n)}`)).toEqual([]);
      // Every complaint Sisimai reads in a report the token could be put in is acted on.
      const missed = wrappedNames.filter(
        (n) => COMPLAINT_REASONS.test(reason(n)) && !complaints.includes(n),
      );
      expect(missed).toEqual([]);
    }

    const rows = (await cli('cli/subscribers.ts', 'suppressed')).stdout.trim().split('\n');
    expect(rows).toHaveLength(1 + hard.length + complaints.length);
    expect((await cli('cli/subscribers.ts', 'count')).stdout).toBe(
      `${names.length - complaints.length}\n`,
    );

    const again = await cli('cli/subscribers.ts', 'bounces', '--file', folder);
    expect(again.stderr).toMatch(/: 0 hard bounces suppressed, 0 complaints unsubscribed/);
    expect((await cli('cli/subscribers.ts', 'suppressed')).stdout.trim().split('\n')).toEqual(rows);

    const before = sink.count();
    expect((await cli('cli/announce.ts', '--campaign', 'second', '--yes')).code).toBe(0);
    const stopped = new Set([...hard, ...complaints]);
    const expected = names.flatMap((n, i) => (stopped.has(n) ? [] : [person(i)])).sort();
    expect(
      sink.messages
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual(expected);
  });
});

describe('bounces on the corpus as it came', () => {
  let list: ListBackend;
  let env: Record<string, string>;
  // The addresses the corpus's reports are about, signed up: an address alone never acts.
  const named = [...new Set(names.flatMap((n) => recipientsIn(readSample(n))))].filter((a) =>
    /^[a-z0-9_+-]{1,30}(\.[a-z0-9_+-]{1,30})?@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(a),
  );

  beforeAll(async () => {
    list = await listOn('running server', named.length, (i) => named[i]);
    env = { ...ANNOUNCE_TEST_ENV, ...list.env };
  }, 120_000);
  afterAll(() => list?.dispose());

  it('stops nobody, from the folder or the mbox', { timeout: 300_000 }, async () => {
    expect(named.length).toBeGreaterThan(150);
    for (const file of [SAMPLES, SAMPLE_MBOX]) {
      const run = await runCli(['cli/subscribers.ts', 'bounces', '--file', file], env);
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(
        /: 0 hard bounces suppressed, 0 complaints unsubscribed and suppressed, 0 soft \(0 people, never suppressed\), 0 about the sender, \d+ unmatched/,
      );
    }
    const count = await runCli(['cli/subscribers.ts', 'count'], env);
    expect(count.stdout).toBe(`${named.length}\n`);
    const suppressed = await runCli(['cli/subscribers.ts', 'suppressed'], env);
    expect(suppressed.stdout).toBe('email,why,since,detail,signed_up_again\n');
  });
});
