// On a terminal (util-linux `script` gives the command a pseudo-terminal): the question before
// sending, and the progress bar while it sends.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, NODE_ENTRY } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import { listOn, type ListBackend } from '../test-support/announce-lists.ts';

const hasScript = spawnSync('script', ['--version']).status === 0;

describe.skipIf(!hasScript)('announce on a terminal', () => {
  let list: ListBackend;
  let sink: SmtpSink;
  beforeAll(async () => {
    list = await listOn('PGlite', 20);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    await list.dispose();
  });

  /** Runs announce in a pseudo-terminal, answering its question; resolves with what it showed. */
  async function onTerminal(answer: string): Promise<string> {
    const env = childEnv({
      ...list.env,
      SMTP_URL: sink.url(),
      MAIL_FROM: 'TEDxKampalaBS <hello@tedx.test>',
      SITE_URL: 'https://tedx.test',
      ANNOUNCE_RATE: '20',
    });
    const command = `${NODE_ENTRY} cli/announce.ts --campaign tty`;
    const cwd = fileURLToPath(new URL('../', import.meta.url));
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, env });
    let shown = '';
    let answered = false;
    child.stdout.on('data', (chunk: Buffer) => {
      shown += chunk.toString();
      if (!answered && shown.includes('[y/N]')) {
        answered = true;
        child.stdin.write(`${answer}\n`);
      }
    });
    await new Promise((resolve) => child.once('exit', resolve));
    return shown;
  }

  it('asks first; "n" sends nothing', async () => {
    const shown = await onTerminal('n');
    expect(shown).toContain('Send campaign tty to 20 people from TEDxKampalaBS <hello@tedx.test>');
    expect(shown).toContain('Not sent.');
    expect(sink.count()).toBe(0);
  });

  it('"y" sends, with a progress bar (count, rate, time left) and one summary line', async () => {
    const shown = await onTerminal('y');
    expect(shown).toMatch(/\[#+-*\] \d+\/20 {2}\d+(\.\d)?\/s {2}\d+:\d\d left/);
    expect(shown).toContain('[########################] 20/20');
    expect(shown).toContain('Campaign tty: 20 sent, 0 already had it, 0 failed, 0 unsubscribed');
    expect(sink.count()).toBe(20);
  });
});
