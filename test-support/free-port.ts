// A free loopback port, for a server under test. The kernel picks it; the probe closes at once,
// so another process could take it in between, which on a test machine does not happen in practice.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

const PROBE =
  "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The same, synchronously, for a config file that cannot await (playwright.config.ts). */
export function freePortSync(): number {
  return Number(execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' }).trim());
}
