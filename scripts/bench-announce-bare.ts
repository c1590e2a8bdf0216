// The yardstick for scripts/bench-announce.ts: a bare Nodemailer pool (the same five connections,
// the same message as `npm run announce` builds) sending to the same local SMTP sink, with no
// database, pacing or recording. In its own process, like the sender it is compared with.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addressOf, messageId, unsubscribeEndpoint } from '../cli/announce/mail/compose.ts';
import { mailMaker } from '../cli/announce/mail/make-mail.ts';
import { readTemplate } from '../cli/announce/mail/message.ts';
import { createMailer, MAX_CONNECTIONS } from '../cli/announce/sending/smtp.ts';
import type { SmtpSink } from '../test-support/smtp-sink.ts';
import { BENCH_FROM, BENCH_SITE, sinkRate } from './bench-announce-run.ts';

/** Sends `messages` to the sink at `smtpUrl` as fast as the pool takes them (child process). */
async function sendBare(smtpUrl: string, messages: number) {
  const mailer = createMailer(smtpUrl);
  const make = mailMaker({
    from: BENCH_FROM,
    siteUrl: BENCH_SITE,
    unsubscribeEndpoint: unsubscribeEndpoint(BENCH_SITE, undefined),
    template: readTemplate(),
  });
  const token = '00000000-0000-4000-8000-000000000000';
  let next = 0;
  // Keep the pool's queue full (as many in flight as announce keeps), never the whole list.
  const worker = async () => {
    while (next < messages) {
      const i = next++;
      const person = { email: `reader${i}@bench.example`, firstName: `Reader${i}`, token };
      await mailer.sendMail(make(person, messageId('bare', i, addressOf(BENCH_FROM))).mail);
    }
  };
  await Promise.all(Array.from({ length: MAX_CONNECTIONS * 2 }, worker));
  mailer.close();
}

/** Messages per second the sink saw from a bare pool sending `messages`. */
export async function barePool(sink: SmtpSink, messages: number): Promise<number> {
  const start = sink.count();
  const child = fork(fileURLToPath(import.meta.url), [sink.url(), String(messages)], {
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the bare pool exited ${code}`);
  return sinkRate(sink, start);
}

if (import.meta.main && process.argv[2]) await sendBare(process.argv[2], Number(process.argv[3]));
