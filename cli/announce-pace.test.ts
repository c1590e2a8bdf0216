// npm run announce keeps the pace ANNOUNCE_RATE sets, so a provider's per-second limit holds: M
// messages at N a second reach a real SMTP server (smtp-server) over about (M - 1) / N seconds,
// timed by the server from its first message to its last.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANNOUNCE_TEST_ENV, listOn, type ListBackend } from '../test-support/announce-lists.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';

const RATE = 20;
const MESSAGES = 61;

let list: ListBackend;
beforeAll(async () => {
  list = await listOn('PGlite', MESSAGES);
}, 60_000);
afterAll(() => list?.dispose());

it(`sends ${MESSAGES} messages at ANNOUNCE_RATE=${RATE} in about ${(MESSAGES - 1) / RATE} s`, async () => {
  const sink = await startSmtpSink();
  try {
    const run = await runCli(['cli/announce.ts', '--campaign', 'paced', '--yes'], {
      ...ANNOUNCE_TEST_ENV,
      ...list.env,
      SMTP_URL: sink.url(),
      ANNOUNCE_RATE: String(RATE),
    });
    expect(run.stderr).toContain(`${MESSAGES} sent`);
    expect(sink.count()).toBe(MESSAGES);
    const seconds = (sink.times[MESSAGES - 1] - sink.times[0]) / 1000;
    // Never much faster than the rate; slower only by what a busy machine adds.
    console.log(`${MESSAGES} messages in ${seconds.toFixed(2)} s`);
    expect(seconds / ((MESSAGES - 1) / RATE)).toBeGreaterThan(0.8);
    expect(seconds / ((MESSAGES - 1) / RATE)).toBeLessThan(1.5);
  } finally {
    await sink.close();
  }
});
