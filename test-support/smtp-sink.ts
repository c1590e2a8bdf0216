// A real SMTP server (the smtp-server package) for the tests: it takes messages,
// counts them, optionally keeps them, and answers with injected errors where told to.
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface SinkMessage {
  to: string;
  raw: string;
  headers: Map<string, string>;
  receivedAt: number;
}

interface SinkOptions {
  /** Require this login (AUTH PLAIN/LOGIN over the plain connection, as tests have no TLS). */
  auth?: { user: string; pass: string };
  /** Keep each message's text; without it the sink only counts and times them. */
  keep?: boolean;
  /** An SMTP answer to RCPT TO for this recipient, e.g. { code: 451, message: 'try later' }.
   * smtp-server writes a control character in it as a space; `raw` writes the answer as a relay
   * of another make may, control characters and all. */
  reject?(to: string, attempt: number): { code: number; message: string; raw?: boolean } | null;
  /** An SMTP answer at the end of DATA instead of 250 (as Amazon SES refuses an unverified
   * sender); the message is then not counted. */
  rejectData?(to: string): { code: number; message: string } | null;
  /** Called as each accepted message is counted, before the client hears 250. */
  onMessage?(count: number): void;
  /** Drop the connection (no answer at all) at RCPT TO for this recipient and attempt. */
  drop?(to: string, attempt: number): boolean;
  /** The address to listen on (default 127.0.0.1; another one makes the sink a remote server). */
  host?: string;
  /** STARTTLS is never advertised; a client that asks anyway gets smtp-server's own certificate
   * (self-signed and expired), or with `noStartTls` a refusal. */
  noStartTls?: boolean;
}

export interface SmtpSink {
  port: number;
  /** smtp://user:pass@host:port */
  url(user?: string, pass?: string): string;
  messages: SinkMessage[];
  count(): number;
  /** How many times RCPT TO named this address. */
  attempts(address: string): number;
  /** How many times a client sent a login (AUTH), right or wrong. */
  logins(): number;
  /** Times (performance.now()) at which each message was accepted. */
  times: number[];
  close(): Promise<void>;
}

/** Header names lower-cased, folded lines joined. */
function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const times: number[] = [];
  const attempts = new Map<string, number>();
  let count = 0;
  let logins = 0;
  const host = options.host ?? '127.0.0.1';
  const server = new SMTPServer({
    hideSTARTTLS: true,
    disabledCommands: options.noStartTls ? ['STARTTLS'] : [],
    disableReverseLookup: true,
    logger: false,
    allowInsecureAuth: true,
    authOptional: !options.auth,
    size: 1024 * 1024,
    onAuth(auth, _session, callback) {
      logins++;
      const ok =
        options.auth && auth.username === options.auth.user && auth.password === options.auth.pass;
      if (ok) callback(null, { user: auth.username });
      else
        callback(
          Object.assign(new Error('5.7.8 Authentication credentials invalid'), {
            responseCode: 535,
          }),
        );
    },
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const n = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, n);
      if (options.drop?.(address.address, n)) {
        socketOf(session.id)?.destroy(); // unanswered
        return;
      }
      const answer = options.reject?.(address.address, n);
      const socket = answer?.raw ? socketOf(session.id) : undefined;
      if (answer && socket) {
        // The next thing smtp-server writes is this answer: write it unsanitised instead.
        const write = socket.write.bind(socket);
        socket.write = (_chunk: unknown, ...rest: unknown[]) => {
          socket.write = write;
          return write(`${answer.code} ${answer.message}\r\n`, ...rest);
        };
      }
      if (answer) callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (options.keep) chunks.push(chunk);
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const refusal = options.rejectData?.(to);
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        count++;
        times.push(performance.now());
        options.onMessage?.(count);
        if (options.keep) {
          const raw = Buffer.concat(chunks).toString('utf8');
          messages.push({ to, raw, headers: parseHeaders(raw), receivedAt: Date.now() });
        }
        callback();
      });
    },
  });
  /** smtp-server keeps its connections by session id: this one's socket. */
  type Socket = { destroy(): void; write: (chunk: unknown, ...rest: unknown[]) => boolean };
  const socketOf = (sessionId: string) => {
    const all = (server as unknown as { connections: Set<{ id: string; _socket: Socket }> })
      .connections;
    for (const c of all) if (c.id === sessionId) return c._socket;
    return undefined;
  };
  server.on('error', () => {}); // a client dropping mid-message is not the sink's problem
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: (user, pass) =>
      `smtp://${user ? `${encodeURIComponent(user)}:${encodeURIComponent(pass ?? '')}@` : ''}${host}:${port}`,
    messages,
    times,
    count: () => count,
    attempts: (address) => attempts.get(address) ?? 0,
    logins: () => logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
