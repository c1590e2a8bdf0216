// Real answers from the big providers (as they document them or as bounce reports quote them;
// the Brevo lines are its documented meanings in SMTP form), and what the run does with each.
import { describe, expect, it } from 'vitest';
import {
  enhancedCode,
  readAnswer,
  refusalCause,
  smtpAnswer,
  type RefusalCause,
} from './smtp-answer.ts';

const rcpt = (response: string) => ({
  code: 'EENVELOPE',
  command: 'RCPT TO',
  responseCode: Number(response.slice(0, 3)),
  response,
});

const data = (response: string) => ({
  code: 'EMESSAGE',
  command: 'DATA',
  responseCode: Number(response.slice(0, 3)),
  response,
});
const mail = (response: string) => ({ ...rcpt(response), command: 'MAIL FROM' });

/** What the run does with an answer: its kind, and for a refusal about the sender (which the
 * refusal watch counts toward a stop) "counted", "as a limit" when it names the provider's. */
function read(error: object, recipient?: string): string {
  const { kind, aboutSender, limit } = readAnswer(error, recipient);
  if (!aboutSender || (kind !== 'failed' && kind !== 'deferred')) return kind;
  return `${kind}, counted${limit ? ' as a limit' : ''}`;
}

const TABLE: [string, object, string][] = [
  // Gmail
  [
    'Gmail: no such user',
    rcpt(
      "550-5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser",
    ),
    'bounce',
  ],
  [
    'Gmail: daily quota',
    {
      code: 'EMESSAGE',
      command: 'DATA',
      responseCode: 550,
      response:
        '550 5.4.5 Daily user sending quota exceeded. https://support.google.com/mail/?p=ReachedDailyLimit',
    },
    'quota',
  ],
  [
    'Gmail: try later',
    rcpt(
      '421-4.7.0 Try again later, closing connection. (MAIL) https://support.google.com/mail/?p=ReceivingRate',
    ),
    'quota',
  ],
  [
    'Gmail: mailbox full',
    rcpt(
      '452-4.2.2 The email account that you tried to reach is over quota. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTemp',
    ),
    'deferred',
  ],
  [
    'Gmail: mailbox full, permanent code',
    rcpt('552-5.2.2 The email account that you tried to reach is over quota and inactive.'),
    'deferred',
  ],
  [
    // "to (or from)": it may be our domain's policy; 5.7.x never suppresses (issue 27).
    'Gmail: rejected by policy',
    rcpt(
      '550-5.7.1 The user or domain that you are sending to (or from) has a policy that prohibited the mail that you sent.',
    ),
    'failed, counted',
  ],
  [
    'Gmail: unusual rate',
    rcpt(
      '550-5.7.1 Our system has detected an unusual rate of unsolicited mail originating from your IP address.',
    ),
    'deferred, counted as a limit',
  ],
  [
    'Gmail: disabled account',
    rcpt('550-5.2.1 The email account that you tried to reach is disabled.'),
    'bounce',
  ],
  [
    'Gmail: DMARC',
    {
      code: 'EMESSAGE',
      command: 'DATA',
      responseCode: 550,
      response:
        '550-5.7.26 This mail is unauthenticated, which poses a security risk to the sender and Gmail users',
    },
    'failed, counted',
  ],
  [
    'Gmail: this recipient receives too fast',
    rcpt(
      '450-4.2.1 The user you are trying to contact is receiving mail at a rate that prevents additional messages from being delivered.',
    ),
    'deferred',
  ],
  // Outlook / Microsoft 365
  [
    'Outlook: recipient not found',
    rcpt('550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'),
    'bounce',
  ],
  [
    'Outlook: mailbox unavailable',
    rcpt('550 5.5.0 Requested action not taken: mailbox unavailable (S2017062302)'),
    // x.5.x is the protocol's: about this recipient alone, but not that its mailbox is gone.
    'failed',
  ],
  [
    'Outlook: submission quota',
    {
      code: 'EMESSAGE',
      command: 'DATA',
      responseCode: 554,
      response:
        '554 5.2.0 STOREDRV.Submission.Exception:SubmissionQuotaExceededException; Failed to process message due to a permanent exception',
    },
    'quota',
  ],
  [
    'Outlook: sender blocked',
    {
      code: 'EMESSAGE',
      command: 'DATA',
      responseCode: 554,
      response:
        '554 5.2.0 STOREDRV.Submission.Exception:OutboundSpamException; WASCL UserAction verdict is not None',
    },
    'sender',
  ],
  [
    'Outlook: server busy',
    rcpt('451 4.7.500 Server busy. Please try again later from [1.2.3.4]. (S77719)'),
    'deferred, counted as a limit',
  ],
  // Yahoo
  [
    'Yahoo: no account',
    rcpt(
      "554 delivery error: dd This user doesn't have a yahoo.com account (someone@yahoo.com) [0] - mta1234.mail.ne1.yahoo.com",
    ),
    // A bare code: about this recipient alone, and its words decide nothing.
    'failed',
  ],
  [
    'Yahoo: deferred for volume',
    rcpt(
      '421 4.7.0 [TSS04] Messages from 1.2.3.4 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1',
    ),
    'quota',
  ],
  ['Yahoo: mailbox full', rcpt('452 4.2.2 Mailbox full'), 'deferred'],
  // Brevo (smtp-relay.brevo.com)
  [
    'Brevo: daily limit',
    {
      code: 'EMESSAGE',
      command: 'DATA',
      responseCode: 550,
      response: '550 5.7.1 Daily sending limit reached for this account',
    },
    'quota',
  ],
  ['Brevo: too many', rcpt('421 4.7.1 Too many messages, slow down'), 'quota'],
  ['Brevo: invalid address', rcpt('550 5.1.1 Invalid recipient address'), 'bounce'],
  // Other servers and the plain codes
  [
    'Postfix: user unknown',
    rcpt('550 5.1.1 <x@y.z>: Recipient address rejected: User unknown in virtual mailbox table'),
    'bounce',
  ],
  [
    'Postfix: relay access denied',
    rcpt('554 5.7.1 <someone@elsewhere.test>: Relay access denied'),
    'failed, counted',
  ],
  ['Exim: unrouteable address', rcpt('550 Unrouteable address'), 'failed'],
  [
    // Exim verifying our sender at RCPT TO: the <address> it names is ours, the words say so.
    'Exim: sender verify failed',
    rcpt(
      '550-Verification failed for <hello@tedx.test>\n550-Unrouteable address\n550 Sender verify failed',
    ),
    'failed',
  ],
  [
    'Gmail: not a valid address',
    rcpt(
      '553-5.1.3 The recipient address <a..b@gmail.com> is not a valid RFC-5321 address. For more information, go to https://support.google.com/a/answer/3221692',
    ),
    'bounce',
  ],
  [
    'Gmail: daily sending limit',
    data(
      '550 5.4.5 Daily user sending limit exceeded. For more information on Gmail sending limits go to https://support.google.com/a/answer/166852',
    ),
    'quota',
  ],
  [
    'Gmail: unusual rate, rate limited',
    rcpt(
      '421-4.7.28 [192.0.2.1] Our system has detected an unusual rate of unsolicited mail originating from your IP address. To protect our users from spam, mail sent from your IP address has been temporarily rate limited.',
    ),
    'quota',
  ],
  [
    'Outlook: traffic not accepted from this IP',
    rcpt(
      '550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP. For more information please go to http://go.microsoft.com/fwlink/?LinkId=526653',
    ),
    'failed, counted',
  ],
  ['SES: sending rate', data('454 Throttling failure: Maximum sending rate exceeded.'), 'quota'],
  ['SES: daily quota', data('454 Throttling failure: Daily message quota exceeded.'), 'quota'],
  ['busy at MAIL FROM', mail('451 4.3.2 Please try again later'), 'quota'],
  ['no enhanced code: 550', rcpt('550 Requested action not taken'), 'failed'],
  [
    'no enhanced code: 553',
    rcpt("553 sorry, that domain isn't in my list of allowed rcpthosts"),
    'failed',
  ],
  [
    'greylisting',
    rcpt(
      '450 4.2.0 <x@y.z>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/',
    ),
    'deferred',
  ],
  ['local error', rcpt('451 4.3.0 Local error in processing'), 'deferred, counted'],
  [
    'message too big',
    {
      code: 'EMESSAGE',
      command: 'DATA',
      responseCode: 552,
      response: '552 5.3.4 Message size exceeds fixed limit',
    },
    'failed, counted',
  ],
  [
    'sender refused',
    {
      code: 'EENVELOPE',
      command: 'MAIL FROM',
      responseCode: 553,
      response: '553 5.7.1 Sender address rejected: not owned by user',
    },
    'sender',
  ],
  [
    'login refused',
    {
      code: 'EAUTH',
      command: 'AUTH PLAIN',
      responseCode: 535,
      response: '535-5.7.8 Username and Password not accepted.',
    },
    'auth',
  ],
  [
    'dropped connection',
    { code: 'ECONNECTION', message: 'Connection closed unexpectedly' },
    'connection',
  ],
  ['timeout', { code: 'ETIMEDOUT', message: 'Timeout' }, 'connection'],
  // Issue 38: phase and code decide.
  [
    'Amazon SES without SMTPUTF8: a non-ASCII local part',
    rcpt('501 Invalid RCPT TO address provided'),
    'failed',
  ],
  [
    'RFC 6531: a non-ASCII address this server does not take',
    rcpt('553 5.6.7 Non-ASCII addresses not permitted for that recipient'),
    'failed',
  ],
  ['a syntax error at RCPT TO', rcpt('501 5.5.4 Invalid arguments'), 'failed'],
  ['a bad address at RCPT TO', rcpt('501 5.1.3 Bad recipient address syntax'), 'bounce'],
  [
    "RFC 5321's own text, bare, at the end of DATA",
    data('550 Requested action not taken: mailbox unavailable'),
    'failed, counted',
  ],
  [
    'Yahoo: no account, bare, at the end of DATA',
    data("554 delivery error: dd This user doesn't have a yahoo.com account (x@yahoo.com) [0]"),
    'failed, counted',
  ],
  ['unknown user at the end of DATA', data('550 5.1.1 User unknown'), 'bounce'],
  ['a full mailbox at the end of DATA', data('552 5.2.2 Mailbox full'), 'deferred'],
  [
    'Gmail: daily limit at RCPT TO',
    rcpt('550 5.4.5 Daily user sending limit exceeded.'),
    'deferred, counted as a limit',
  ],
  [
    'a relay refusing the domain at RCPT TO',
    rcpt('550 5.7.1 Relaying denied for domain elsewhere.example'),
    'failed, counted',
  ],
  [
    'a mailbox over its quota, bare, at the end of DATA',
    data('552 Mailbox over quota'),
    'failed, counted',
  ],
];

// Refusals about the sender, the account or the message: never suppress, and the cause the
// stop line names. Wordings as the providers publish them or bounce reports quote them:
// Microsoft's "Fix email delivery issues for error code 5.7.1" / "550 5.7.1 (S3150)" pages,
// Amazon SES's SMTP response codes, Google's "SMTP error reference" (support.google.com/a/answer/3726730).
const SENDER_SIDE: [string, object, RefusalCause][] = [
  [
    'Outlook: sending IP on its block list (S3150)',
    rcpt(
      "550 5.7.1 Unfortunately, messages from [192.0.2.1] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150). You can also refer your provider to http://mail.live.com/mail/troubleshooting.aspx#errors.",
    ),
    'block list',
  ],
  [
    'Outlook: banned sending IP',
    rcpt(
      '550 5.7.606 Access denied, banned sending IP [192.0.2.1]. To request removal from this list please visit https://sender.office.com/',
    ),
    'block list',
  ],
  [
    'Outlook: traffic not accepted from this IP',
    rcpt('550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.'),
    'block list',
  ],
  [
    'Spamhaus via Postfix',
    rcpt(
      '554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/192.0.2.1',
    ),
    'block list',
  ],
  [
    'Amazon SES: sandbox, unverified identity',
    data(
      '554 Message rejected: Email address is not verified. The following identities failed the check in region EU-WEST-1: hello@tedx.test',
    ),
    'sandbox',
  ],
  [
    'Gmail: unauthenticated (5.7.26)',
    data(
      '550-5.7.26 This mail is unauthenticated, which poses a security risk to the sender and Gmail users, and has been blocked. The sender must authenticate with at least one of SPF or DKIM.',
    ),
    'authentication',
  ],
  [
    'Gmail: DMARC policy (5.7.26)',
    data(
      "550-5.7.26 Unauthenticated email from tedx.test is not accepted due to domain's DMARC policy.",
    ),
    'authentication',
  ],
  [
    'Gmail: SPF fail (5.7.27)',
    data('550-5.7.27 The sender SPF check did not pass, and the sender domain publishes SPF.'),
    'authentication',
  ],
  [
    'Gmail: likely unsolicited',
    data(
      '550-5.7.1 [192.0.2.1] Our system has detected that this message is likely unsolicited mail. To reduce the amount of spam sent to Gmail, this message has been blocked.',
    ),
    'content',
  ],
  [
    'Yahoo: not accepted for policy reasons',
    data(
      '554 5.7.9 Message not accepted for policy reasons. See https://senders.yahooinc.com/error-codes',
    ),
    'content',
  ],
  ['plain 554 Message rejected', data('554 Message rejected'), 'content'],
  ['message too big', data('552 5.3.4 Message size exceeds fixed limit'), 'content'],
];

describe('refusals about the sender or the message', () => {
  it.each(SENDER_SIDE)('%s: failed, counted, never a bounce; cause %s', (_, error, cause) => {
    expect(read(error)).toBe('failed, counted');
    expect(refusalCause(error)).toBe(cause);
  });

  it("reads RFC 3463's x.1.7 and x.1.8 as the sender's address, not the recipient's", () => {
    expect(
      readAnswer(mail('553 5.1.8 Sender address <hello@tedx.test> domain does not exist')).kind,
    ).toBe('sender');
    expect(readAnswer(mail('550 5.1.7 Bad sender address syntax')).kind).toBe('sender');
    expect(read(data('550 5.1.7 Bad sender address syntax'))).toBe('failed, counted');
    // At RCPT TO an x.1.x answer is about that recipient alone (a relay may pass on its server's
    // code): failed, suppressing nobody, and never counted toward a stop.
    expect(read(rcpt('553 5.1.8 Sender address <hello@tedx.test> domain does not exist'))).toBe(
      'failed',
    );
    expect(read(rcpt('550 5.1.7 Bad sender address syntax'))).toBe('failed');
  });
});

describe('what an SMTP answer means for the run', () => {
  it.each(TABLE)('%s', (_, error, expected) => {
    expect(read(error)).toBe(expected);
  });

  it("counts nothing at RCPT TO but the codes of the sender's side, whatever the words", () => {
    const words = ['Daily sending limit exceeded', 'Relay access denied', 'User unknown', 'spam'];
    for (const code of ['550', '554', '501', '550 5.1.1', '550 5.2.0', '550 5.5.0', '553 5.6.7'])
      for (const w of words) expect(readAnswer(rcpt(`${code} ${w}`)).aboutSender).toBe(false);
    for (const code of ['550 5.7.1', '554 5.3.0', '550 5.4.1'])
      for (const w of words) expect(readAnswer(rcpt(`${code} ${w}`)).aboutSender).toBe(true);
  });

  it('suppresses at the end of DATA only on x.1.x or x.2.x', () => {
    for (const code of ['550', '554', '550 5.0.0', '550 5.5.0', '554 5.6.0', '550 5.7.1'])
      expect(
        readAnswer(data(`${code} Requested action not taken: mailbox unavailable`)).kind,
      ).not.toBe('bounce');
    expect(readAnswer(data('550 5.1.1 Requested action not taken: mailbox unavailable')).kind).toBe(
      'bounce',
    );
    expect(readAnswer(data('550 5.2.1 The email account is disabled')).kind).toBe('bounce');
  });

  it("writes a relay's answer printable: its control characters spelled out", () => {
    const answer = smtpAnswer(
      rcpt('550 5.1.1 <a@example.org>: User unknown\u001b]52;c;aGk=\u0007\u001b[2J\u009b1m'),
    );
    expect(answer).toBe(
      '550 5.1.1 <a@example.org>: User unknown\\x1b]52;c;aGk=\\x07\\x1b[2J\\u009b1m',
    );
  });

  it('reads the enhanced status code wherever the provider puts it', () => {
    expect(enhancedCode('550-5.4.5 Daily user sending quota exceeded')).toBe('5.4.5');
    expect(enhancedCode('550 5.1.10 RESOLVER.ADR.RecipientNotFound')).toBe('5.1.10');
    expect(enhancedCode('550 Requested action not taken')).toBeNull();
    expect(enhancedCode('554 delivery error: dd [0] - 4.16.55.1')).toBeNull();
  });
});

// Every word the classifier reads as the provider's limit, a full mailbox, a blocked account or
// a policy, as a stranger would put it in an address (quoted when it has a space).
const TRIGGERS = [
  ...['quota', 'ratelimit', 'throttling', 'mailbox_full', 'sandbox'],
  ...['outboundspamexception', 'unverified', 'spf', 'dkim', 'dmarc', 'unauthenticated'],
  ...['blocklist', 'blacklist', 'spamhaus', 'barracuda', 'spamcop', 'rbl', 'dnsbl', 'reputation'],
  ...['spam', 'content', 'virus', 'malware', 'phish', 'policy', 'relay', 'sender'],
  ...['dkim.spam.content', 'quota.throttling.outboundspamexception'],
  ...['rate limit', 'rate of', 'sending rate', 'too many messages', 'sending limit'],
  ...['daily sending', 'daily limit', 'limit exceeded', 'exceeded the daily sending limit'],
  ...['unusual rate', 'unexpected volume', 'server busy', 'mailbox full', 'out of storage'],
  ...['over quota', 'insufficient storage', 'sender blocked', 'account suspended'],
  ...['not verified', 'identities failed', 'authentication failed', 'blocked using'],
  ...['part of their network', '(S3150)', 'message rejected', 'banned sending'],
];
const address = (word: string) =>
  /[ ()]/.test(word) ? `"${word}"@example.org` : `${word}@example.org`;
// Unknown users in the relays' own words, each quoting the address.
const UNKNOWN_USER: [string, (a: string) => object][] = [
  [
    'Postfix',
    (a) =>
      rcpt(`550 5.1.1 <${a}>: Recipient address rejected: User unknown in virtual mailbox table`),
  ],
  ['sendmail', (a) => rcpt(`550 5.1.1 <${a}>... User unknown`)],
  ['Gmail', (a) => rcpt(`553 5.1.3 The recipient address <${a}> is not a valid RFC-5321 address.`)],
  [
    'Outlook, unbracketed',
    (a) =>
      rcpt(
        `550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient ${a} not found by SMTP address lookup`,
      ),
  ],
  [
    'Yahoo, no enhanced code',
    (a) => rcpt(`554 delivery error: dd This user doesn't have a yahoo.com account (${a}) [0]`),
  ],
  [
    'Yahoo at the end of DATA',
    (a) => data(`554 delivery error: dd This user doesn't have a yahoo.com account (${a}) [0]`),
  ],
];

/** A trigger as a domain label: `rate limit` as `rate-limit`. */
const label = (word: string) => word.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
/** Relays that name the recipient's domain, or a domain above it, without an @. */
const DOMAIN_REFUSALS: [string, (domain: string) => object][] = [
  ['at RCPT TO', (d) => rcpt(`550 5.7.1 Relaying denied for domain ${d}`)],
  ['at RCPT TO, bare', (d) => rcpt(`554 Relay access denied for ${d}`)],
  ['at the end of DATA', (d) => data(`550 5.7.1 Relaying denied for domain ${d}`)],
  ['at the end of DATA, bare', (d) => data(`554 Message refused: no route to ${d}`)],
];

describe('nothing the recipient chose changes what an answer means', () => {
  it.each(TRIGGERS)('"%s" is a trigger in the server\'s own words', (word) => {
    expect(readAnswer(rcpt(`550 ${word}`)).kind).not.toBe('bounce');
  });

  describe.each(UNKNOWN_USER)('%s: user unknown', (relay, refusal) => {
    // Without < and >, an address ends at the first space: only one-word triggers fit there.
    const bare = relay.includes('unbracketed') || relay.startsWith('Yahoo');
    it.each(TRIGGERS.filter((w) => !bare || !/[ ()]/.test(w)))(
      'a local part of %j: read as any other address',
      (word) => {
        const neutral = 'nobody@example.org';
        expect(read(refusal(address(word)), address(word))).toBe(read(refusal(neutral), neutral));
      },
    );
  });

  describe.each(DOMAIN_REFUSALS)('the domain named %s', (_, refusal) => {
    it.each(TRIGGERS)('a domain or a label of %j: read as any other domain', (word) => {
      const domain = `${label(word)}.example`;
      const neutral = read(refusal('example.org'), 'a@example.org');
      expect(read(refusal(domain), `a@${domain}`)).toBe(neutral);
      // A label of the address, named as the domain above it.
      expect(read(refusal(domain), `a@mx.${domain}`)).toBe(neutral);
      expect(read(refusal(domain.toUpperCase()), `a@${domain}`)).toBe(neutral);
    });
  });

  it('the quota-exceeded.example of issue 38: counted toward a stop, never the sending limit', () => {
    const answer = rcpt('550 5.7.1 Relaying denied for domain quota-exceeded.example');
    expect(readAnswer(answer, 'a@quota-exceeded.example')).toEqual({
      kind: 'failed',
      aboutSender: true,
      limit: false,
    });
  });

  it("never stops the run on the recipient's own server's words, relayed at RCPT TO", () => {
    // Postfix's reject_unverified_recipient quotes what the recipient's server said.
    const relayed = (code: string, said: string) =>
      rcpt(
        `${code} <x@stranger.test>: Recipient address rejected: unverified address: host mx.stranger.test[192.0.2.9] said: ${said} (in reply to RCPT TO command)`,
      );
    expect(read(relayed('450 4.7.0', '421 4.7.0 Too many messages, rate limit exceeded'))).toBe(
      'deferred, counted',
    );
    expect(read(relayed('550 5.7.1', '554 5.7.1 OutboundSpamException, sender blocked'))).toBe(
      'failed, counted',
    );
    expect(read(relayed('550 5.1.1', '550 5.1.1 User unknown'))).toBe('bounce');
  });

  it('reads only the first 1,000 characters of an answer, so a huge one costs little', () => {
    expect(readAnswer(data(`550 ${'x'.repeat(1000)} daily sending limit`)).kind).toBe('failed');
    expect(readAnswer(data(`550 ${'x'.repeat(900)} daily sending limit`)).kind).toBe('quota');
    const huge = [`550 ${'<'.repeat(5e6)}`, `550 ${'a'.repeat(5e6)}`, `550 ${'a@'.repeat(3e6)}`];
    const started = performance.now();
    for (let i = 0; i < 200; i++) for (const answer of huge) readAnswer(rcpt(answer));
    // Reading all of each would take seconds; a thousand characters, a few microseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
