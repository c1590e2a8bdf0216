// For the late-report tests: a real report from the sisimai corpus (test-support/mail-samples,
// with its licence) turned into a report about a message this project really sent. The recipient it names becomes the person's address, and the original it returns
// gets the sent message's Message-ID and token headers, put before its own first header line.
// A report whose original cannot be found in its raw text (none, or an encoded one) is returned
// as it came: nothing ties it to the project, so it must be left alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import { fieldsOf, readReport } from '../cli/bounces/read-report.ts';
import type { SinkMessage } from './smtp-sink.ts';

export const SAMPLES = fileURLToPath(new URL('mail-samples/bsd/', import.meta.url));
export const SAMPLE_MBOX = fileURLToPath(new URL('mail-samples/mbox-0', import.meta.url));

/** The corpus's report files, in name order. */
export const sampleNames = () =>
  readdirSync(SAMPLES)
    .filter((f) => f.endsWith('.eml'))
    .sort();
export const readSample = (name: string) => readFileSync(join(SAMPLES, name), 'latin1');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first header line of the original the report returns, as it stands in the raw text. */
async function originalFirstLine(raw: string): Promise<string | null> {
  const email = await PostalMime.parse(raw, {
    forceRfc822Attachments: true,
    attachmentEncoding: 'utf8',
  });
  const part = email.attachments.find((a) =>
    /^(message\/(rfc822|global|rfc822-headers)|text\/rfc822-headers)$/i.test(a.mimeType),
  );
  const text = part ? String(part.content) : null;
  const first = text
    ?.replace(/^(?:[ \t]*\r?\n)+/, '')
    .split(/\r?\n/, 1)[0]
    ?.trim();
  if (first && /^[\w-]+:/.test(first)) return first;
  // An inline copy: the first header line after the body's "copy of the message" line.
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const marker =
    /(copy of (the|your) (original )?message|original message|unsent message follows|header of the original message|message headers follow|returned message)[^\n]*\n(?:[ \t>]*\n)*[ \t]*([\w-]+:[^\n]*)/i.exec(
      body,
    );
  return marker?.[4]?.trim() ?? null;
}

/** The recipients the report names: its DSN fields, its ARF fields, the original's To. */
export function recipientsIn(raw: string): string[] {
  const found = new Set<string>();
  const pattern =
    /^(?:final-recipient|original-recipient|original-rcpt-to|x-hmxmroriginalrecipient|removal-recipient|to|x-failed-recipients)\s*:\s*(?:rfc822\s*;\s*)?([^\r\n]*)/gim;
  for (const m of raw.matchAll(pattern))
    for (const a of m[1].matchAll(/[^\s<>"'(),;:]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g))
      found.add(a[0].toLowerCase());
  return [...found];
}

export interface Wrapped {
  raw: string;
  /** False when the report came back unchanged (no original to put the token in). */
  wrapped: boolean;
}

/**
 * `sample` about `sent` (a message the sink took): the report's recipients become `sent.to`,
 * except the sender's own address, and the original carries the sent message's token headers.
 */
export async function wrapReport(
  sample: string,
  sent: SinkMessage,
  sender: string,
): Promise<Wrapped> {
  const first = await originalFirstLine(sample);
  const at = first ? sample.indexOf(first, sample.search(/\r?\n\r?\n/)) : -1;
  if (!first || at < 0) return { raw: sample, wrapped: false };
  const indent = /[ \t]*$/.exec(sample.slice(0, at))?.[0] ?? '';
  const ours = [...sent.headers]
    .filter(([name]) => name === 'message-id' || name === 'x-campaign-token')
    .map(
      ([name, value]) => `${name === 'message-id' ? 'Message-ID' : 'X-Campaign-Token'}: ${value}`,
    )
    .join(`\n${indent}`);
  let raw = `${sample.slice(0, at)}${ours}\n${indent}${sample.slice(at)}`;
  const own = new Set(
    fieldsOf(sample.slice(0, sample.search(/\r?\n\r?\n/)))
      .filter(([name]) => name === 'to' || name === 'delivered-to')
      .flatMap(([, v]) => v.toLowerCase().match(/[^\s<>"',;:]+@[^\s<>"',;:]+/g) ?? []),
  );
  own.add(sender.toLowerCase());
  // An inline report names the recipient in its own words ("<someone@example.org>:").
  const { recipients } = await readReport(Buffer.from(sample, 'latin1'));
  // Only when it names one: a report about several people stays about several.
  const inline = recipients.flatMap((r) => r.addresses).filter((a) => !own.has(a));
  const named = inline.length === 1 ? inline : [];
  for (const address of [...new Set([...recipientsIn(sample), ...named])].filter(
    (a) => !own.has(a),
  ))
    raw = raw.replace(new RegExp(escape(address), 'gi'), sent.to);
  return { raw, wrapped: true };
}
