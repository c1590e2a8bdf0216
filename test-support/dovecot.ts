// A real IMAP server for the tests: Debian's Dovecot (dovecot-imapd 2.3, which .ci/run installs),
// started on a free loopback port in a temporary folder, with a passwd-file and a Maildir per
// user. Dovecot refuses mail access as root, so under root the mail user is `nobody`; otherwise
// everything runs as the current user. Messages are put straight into the Maildir (cur/, with
// their flags in the name), which is also how a test reads back what the server did to them.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

const DOVECOT = '/usr/sbin/dovecot';
export const DOVECOT_SKIP_REASON = `no ${DOVECOT} (apt-get install dovecot-imapd, as .ci/run does)`;
export const hasDovecot = () => existsSync(DOVECOT);

const NOBODY = 65534;

export interface Dovecot {
  port: number;
  /** imap://user:pass@127.0.0.1:port/mailbox */
  url(user: string, mailbox?: string): string;
  /** A user with an empty INBOX (the password is the user's name). */
  addUser(user: string): void;
  /** Puts one message into the user's INBOX, unread unless `flags` says (e.g. 'S'). */
  deliver(user: string, raw: string | Buffer, flags?: string): void;
  /** The flags each message in the INBOX has now (from the Maildir file names). */
  flags(user: string): string[];
  stop(): Promise<void>;
}

function config(dir: string, port: number, asRoot: boolean): string {
  const me = userInfo().username;
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
default_internal_user = ${asRoot ? 'dovecot' : me}
default_login_user = ${asRoot ? 'dovenull' : me}
first_valid_uid = 1
mail_location = maildir:~/Maildir
mail_fsync = never
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`;
}

async function waitForGreeting(port: number, child: ChildProcess, log: () => string) {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`dovecot exited: ${log()}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (greeted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`dovecot did not answer on ${port}: ${log()}`);
}

export async function startDovecot(): Promise<Dovecot> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'tedx-dovecot-'));
  chmodSync(dir, 0o755); // the mail user (nobody) reaches its home below it
  const port = await freePort();
  const uid = asRoot ? NOBODY : (process.getuid?.() ?? NOBODY);
  const gid = asRoot ? NOBODY : (process.getgid?.() ?? NOBODY);
  const users: string[] = [];
  const home = (user: string) => join(dir, 'home', user);
  const inbox = (user: string) => join(home(user), 'Maildir');
  const passwd = join(dir, 'passwd');
  const writePasswd = () => {
    writeFileSync(
      passwd,
      users.map((u) => `${u}:{PLAIN}${u}:${uid}:${gid}::${home(u)}::\n`).join(''),
    );
    // Dovecot reads the file again when its mtime changes, to the second: each version its own.
    const second = Math.floor(Date.now() / 1000) + users.length;
    utimesSync(passwd, second, second);
  };
  writePasswd();
  const conf = join(dir, 'dovecot.conf');
  writeFileSync(conf, config(dir, port, asRoot));
  const child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const log = () => output.slice(-2000);
  try {
    await waitForGreeting(port, child, log);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let sequence = 0;
  const own = (path: string) => {
    if (asRoot) chownSync(path, uid, gid);
  };
  return {
    port,
    url: (user, mailbox = 'INBOX') =>
      `imap://${encodeURIComponent(user)}:${encodeURIComponent(user)}@127.0.0.1:${port}/${encodeURIComponent(mailbox)}`,
    addUser(user) {
      for (const path of [
        home(user),
        inbox(user),
        ...['cur', 'new', 'tmp'].map((d) => join(inbox(user), d)),
      ]) {
        mkdirSync(path, { recursive: true });
        own(path);
      }
      users.push(user);
      writePasswd();
    },
    deliver(user, raw, flags = '') {
      sequence++;
      const file = join(
        inbox(user),
        'cur',
        `${1_700_000_000 + sequence}.M${sequence}P${process.pid}.test:2,${flags}`,
      );
      writeFileSync(file, typeof raw === 'string' ? raw.replace(/\r?\n/g, '\n') : raw);
      own(file);
    },
    flags: (user) =>
      readdirSync(join(inbox(user), 'cur'))
        .concat(readdirSync(join(inbox(user), 'new')))
        .map((name) => /:2,([A-Za-z]*)$/.exec(name)?.[1] ?? '(new)'),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
