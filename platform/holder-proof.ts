// How the server that holds DATA_DIR proves it to an organiser command before the command sends
// it the service-role key: the command sends a random challenge and no key; the server answers
// an HMAC of the challenge and its own process id, keyed by the service-role key. Only the
// lock's holder with that key can answer, and the answer tells nothing of the key.
import { createHmac } from 'node:crypto';

export const HOLDER_PROOF_PATH = '/.well-known/data-dir-holder';

/** The challenge: 32 hex digits, so the server's work per request is fixed. */
export const CHALLENGE = /^[0-9a-f]{32}$/;

export const holderProof = (key: string, challenge: string, pid: number): string =>
  createHmac('sha256', key).update(`data-dir-holder ${pid} ${challenge}`).digest('hex');
