// One `npm run announce` process under measurement, for scripts/bench-announce.ts: the rate the
// SMTP sink saw from its first message to its last, and the sender's peak resident memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SmtpSink } from '../test-support/smtp-sink.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The sender and site every bench message names (MAIL_FROM, SITE_URL). */
export const BENCH_FROM = 'TEDxKampalaBS <hello@bench.example>';
export const BENCH_SITE = 'https://bench.example';

/** Messages per second the sink saw from its message number `start` on: first to last. */
export function sinkRate(sink: SmtpSink, start: number): number {
  const times = sink.times.slice(start);
  const span = (times[times.length - 1] - times[0]) / 1000;
  return span > 0 ? (times.length - 1) / span : 0;
}

/** Peak resident memory (VmHWM) of a process, in MB; Linux only. */
function peakRssMb(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export interface Run {
  messages: number;
  perSecond: number;
  peakRssMb: number | null;
}

/** One announce process to its end (or to SIGINT after `stopAfter` messages). */
export async function announce(
  dataDir: string,
  sink: SmtpSink,
  campaign: string,
  rate: number,
  stopAfter?: number,
) {
  const start = sink.count();
  const child = spawn(process.execPath, ['cli/announce.ts', '--campaign', campaign, '--yes'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      SUPABASE_URL: '',
      DATA_DIR: dataDir,
      SMTP_URL: sink.url(),
      MAIL_FROM: BENCH_FROM,
      SITE_URL: BENCH_SITE,
      ANNOUNCE_RATE: String(rate),
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let peak: number | null = null;
  let interrupted = false;
  const poll = setInterval(() => {
    peak = Math.max(peak ?? 0, peakRssMb(child.pid ?? 0) ?? 0) || peak;
    if (stopAfter && !interrupted && sink.count() - start >= stopAfter) {
      interrupted = true;
      child.kill('SIGINT');
    }
  }, 50);
  const code = await exited;
  clearInterval(poll);
  if (code !== 0 && !(interrupted && code === 130))
    throw new Error(`announce exited ${code}:\n${stderr}`);
  return {
    messages: sink.times.length - start,
    perSecond: sinkRate(sink, start),
    peakRssMb: peak,
  } satisfies Run;
}
