// For the late-report tests: messages a stranger can send to the sending mailbox to stop or slow
// a scan (issue 45): each passes the screen (screen.ts) as a report, and each is about 1 MB or
// less, what the command reads of a message.
const head = (name: string, type: string) =>
  `From: Mail Delivery System <MAILER-DAEMON@relay.example>\nTo: hello@tedx.test\n` +
  `Subject: Undeliverable: ${name}\nMessage-ID: <${name.replace(/\W/g, '-')}@relay.example>\n` +
  `MIME-Version: 1.0\n${type ? `Content-Type: ${type}\n` : ''}`;

function nested(depth: number): string {
  let inner = 'Content-Type: text/plain\n\nHello\n';
  for (let i = depth - 1; i >= 0; i--)
    inner = `Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n${inner}\n--b${i}--\n`;
  // Its subject carries a terminal escape (set the window title), as a stranger's may.
  return head('nested 40 deep\u001b]0;owned\u0007', '') + inner;
}

const report = (fields: string) =>
  head('a 1 MB recipient line', 'multipart/report; report-type=delivery-status; boundary="r"') +
  `\n--r\nContent-Type: text/plain\n\nDelivery failed.\n\n--r\nContent-Type: message/delivery-status\n\n` +
  `Reporting-MTA: dns; relay.example\n\n${fields}\nAction: failed\nStatus: 5.1.1\n\n--r--\n`;

/** Name → the raw message. */
export const HOSTILE_MAIL: Record<string, () => string> = {
  'nested 40 deep': () => nested(40),
  'a 400 KB header': () =>
    head('a 400 KB header', 'text/plain') +
    `X-Filler: ${`${'a'.repeat(70)}\n `.repeat((400 * 1024) / 72)}end\n\nHello\n`,
  '30,000 parts': () =>
    head('30,000 parts', 'multipart/mixed; boundary="p"') +
    '\n' +
    '--p\nContent-Type: text/plain\n\nx\n'.repeat(30_000) +
    '--p--\n',
  'a 1 MB recipient line': () => report(`Final-Recipient: rfc822; ${'a'.repeat(1_000_000)}`),
  'a body of 500 KB of spaces': () =>
    head('a body of 500 KB of spaces', 'text/plain') + `\n${' '.repeat(500 * 1024)}\n`,
};
