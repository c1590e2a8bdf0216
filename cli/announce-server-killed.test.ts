// Launch day with the site up: the server (which holds the embedded database) is killed mid-run,
// so delivery records cannot be written. Sending must stop at once with one line; after a
// restart the same command reaches everyone, and only messages that were in flight go twice,
// with the same Message-ID.
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runNode, startServer } from '../test-support/server-process.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';
import { ANNOUNCE_TEST_ENV, listOn, messageIdsByAddress } from '../test-support/announce-lists.ts';

const N = 30;

describe('announce when the server dies mid-run', { timeout: 240_000 }, () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('stops sending when records cannot be written; the rerun after a restart finishes the list', async () => {
    const list = await listOn('running server', N);
    cleanup.push(() => list.dispose());
    const sink = await startSmtpSink({ keep: true });
    cleanup.push(() => sink.close());
    const env = { ...ANNOUNCE_TEST_ENV, ...list.env, SMTP_URL: sink.url() };

    const child = runNode(['cli/announce.ts', '--campaign', 'killed', '--yes'], {
      ...env,
      ANNOUNCE_RATE: '15',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    while (sink.count() < 8 && child.exitCode === null) await new Promise((r) => setTimeout(r, 10));
    list.server?.child.kill('SIGKILL');
    const atKill = sink.count();
    expect(await exited).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines[lines.length - 1]).toMatch(
      /^The database stopped answering \(the running server .*\), so sending stopped: \d+ sent, \d+ left; when it is back, run the same command again/,
    );
    // Nothing new after the first failed write: at most what was already on its way (ten in
    // flight, and the 15/s pace for the few hundred ms of the retries).
    expect(sink.count() - atKill).toBeLessThanOrEqual(10 + 15);
    expect(sink.count()).toBeLessThan(N);

    const server = await startServer({ DATA_DIR: list.env.DATA_DIR });
    cleanup.push(() => server.stop());
    const rerun = await runCli(['cli/announce.ts', '--campaign', 'killed', '--yes'], {
      ...env,
      ANNOUNCE_RATE: '0',
    });
    expect(rerun.code).toBe(0);
    const ids = messageIdsByAddress(sink.messages);
    expect(ids.size).toBe(N);
    const twice = [...ids.values()].filter((x) => x.length > 1);
    for (const x of twice) expect(new Set(x).size).toBe(1);
    expect([...ids.values()].every((x) => x.length <= 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(10 + 15);
  });
});
