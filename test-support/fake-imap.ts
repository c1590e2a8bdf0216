// For the late-report tests: an IMAP server that breaks its word (issue 45), speaking just
// enough of the protocol for imapflow and `subscribers -- bounces`.
import { createServer, type Server, type Socket } from 'node:net';

export const BIG = 30 * 1024 * 1024;

/**
 * Just enough IMAP for the command: two messages that pass the screen; asked for at most 1 MB
 * of each, it answers the first with a 30 MB literal and the second with `report`. Counts the
 * bytes of the 30 MB the client's side of the connection took before it hung up.
 */
export async function fakeImap(report: string) {
  const taken = { bytes: 0, connections: 0 };
  const server: Server = createServer((socket: Socket) => {
    taken.connections++;
    socket.on('error', () => {});
    const write = (text: string) => socket.write(text.replace(/\n/g, '\r\n'));
    const big = async () => {
      write(`* 1 FETCH (UID 1 BODY[]<0> {${BIG}}\n`);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      for (let sent = 0; sent < BIG && !socket.destroyed; sent += chunk.length) {
        if (!socket.write(chunk))
          await new Promise((resolve) => {
            socket.once('drain', resolve);
            socket.once('close', resolve);
          });
        if (!socket.destroyed) taken.bytes += chunk.length;
      }
      write(')\n');
    };
    const answer = async (tag: string, command: string, rest: string) => {
      if (command === 'CAPABILITY') write(`* CAPABILITY IMAP4rev1\n`);
      if (command === 'EXAMINE' || command === 'SELECT')
        write('* 2 EXISTS\n* OK [UIDVALIDITY 1] ok\n* OK [UIDNEXT 3] ok\n* FLAGS (\\Seen)\n');
      if (command === 'FETCH')
        for (const n of [1, 2])
          write(
            `* ${n} FETCH (UID ${n} RFC822.SIZE ${n === 1 ? BIG : report.length} ENVELOPE (NIL "Undeliverable: ${n}" (("Mail Delivery System" NIL "MAILER-DAEMON" "relay.example")) NIL NIL NIL NIL NIL NIL "<${n}@relay.example>") BODYSTRUCTURE ("text" "plain" NIL NIL NIL "7bit" 10 1))\n`,
          );
      if (command === 'UID')
        for (const uid of rest.split(' ')[1].split(','))
          if (uid === '1') await big();
          else
            socket.write(
              `* 2 FETCH (UID 2 BODY[]<0> {${report.length}}\r\n${report})\r\n`,
              'latin1',
            );
      if (command === 'LOGOUT') write('* BYE\n');
      write(`${tag} OK ${command === 'EXAMINE' ? '[READ-ONLY] ' : ''}done\n`);
      if (command === 'LOGOUT') socket.end();
    };
    let pending = '';
    let queue = Promise.resolve();
    socket.on('data', (data: Buffer) => {
      pending += data.toString('latin1');
      for (let at = pending.indexOf('\r\n'); at >= 0; at = pending.indexOf('\r\n')) {
        const [tag, command, ...rest] = pending.slice(0, at).split(' ');
        pending = pending.slice(at + 2);
        queue = queue.then(() => answer(tag, command.toUpperCase(), rest.join(' ')));
      }
    });
    write('* OK fake IMAP ready\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `imap://u:p@127.0.0.1:${port}/INBOX`, taken, close: () => server.close() };
}
