// The mail token, `<campaign>.<person>.<mac>`, keyed by the project's secret (migration
// 20261127190000, read once per run with the service-role key): a late report that returns it can
// be trusted to be about that person, and nobody without the secret can make one. How it is
// built, and why: decision 0022. The launch mail carries it in a header (MAIL_TOKEN_HEADER) and
// in its Message-ID. Pure but for crypto.
import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import type { FunctionCaller } from './function-caller.ts';

export const MAIL_TOKEN_HEADER = 'X-Campaign-Token';

/** A campaign ID as the database takes it (tedxcommunity_deliveries_campaign_shape). */
export const CAMPAIGN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** 16 bytes in base64url, without padding. */
const PART = /^[A-Za-z0-9_-]{22}$/;

/** The two keys the token uses, derived from the project's secret. */
export function mailKeys(secret: string) {
  if (secret.length < 32) throw new Error('the mail secret is too short');
  const derive = (use: string) => createHmac('sha256', secret).update(use).digest();
  return { person: derive('tedx mail token: person'), mac: derive('tedx mail token: mac') };
}

export type MailKeys = ReturnType<typeof mailKeys>;

/** One block through AES under the campaign's person key, enciphered or deciphered. */
function personBlock(keys: MailKeys, campaign: string, block: Buffer, decipher = false): Buffer {
  const key = createHmac('sha256', keys.person).update(campaign).digest();
  const aes = (decipher ? createDecipheriv : createCipheriv)('aes-256-ecb', key, null);
  aes.setAutoPadding(false);
  return Buffer.concat([aes.update(block), aes.final()]);
}

const macOf = (keys: MailKeys, campaign: string, person: string) =>
  createHmac('sha256', keys.mac)
    .update(`${campaign}\n${person}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

export function mailToken(keys: MailKeys, campaign: string, personId: number): string {
  const block = Buffer.alloc(16);
  block.writeBigUInt64BE(BigInt(personId), 8);
  const person = personBlock(keys, campaign, block).toString('base64url');
  return `${campaign}.${person}.${macOf(keys, campaign, person)}`;
}

/** Something that has the token's shape: a candidate, not yet checked. */
function looksLikeToken(text: string): boolean {
  const parts = text.split('.');
  return parts.length >= 3 && PART.test(parts.at(-1) ?? '') && PART.test(parts.at(-2) ?? '');
}

/** The campaign and person a token names, or null unless it is one this secret made. */
export function verifyMailToken(keys: MailKeys, token: string) {
  if (token.length > 200 || !looksLikeToken(token)) return null;
  const parts = token.split('.');
  const mac = parts.pop() ?? '';
  const person = parts.pop() ?? '';
  const campaign = parts.join('.');
  if (!CAMPAIGN.test(campaign)) return null;
  const expected = Buffer.from(macOf(keys, campaign, person));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const block = personBlock(keys, campaign, Buffer.from(person, 'base64url'), true);
  const id = block.readBigUInt64BE(8);
  if (block.readBigUInt64BE(0) !== 0n || id > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { campaign, personId: Number(id) };
}

/** The token inside a Message-ID made by compose.ts (`<token@domain>`), or null. */
export function tokenOfMessageId(messageId: string): string | null {
  const local = /^\s*<?([^<>@\s]+)@[^<>@\s]+>?\s*$/.exec(messageId)?.[1];
  return local && looksLikeToken(local) ? local : null;
}

/** The project's keys, through the migration's function (the service role only). */
export async function readMailKeys(caller: FunctionCaller): Promise<MailKeys> {
  return mailKeys(await caller.scalar<string>('tedxcommunity_mail_key', {}));
}
