// npm run subscribers -- export [--out FILE] | count | remove EMAIL | forget EMAIL | suppressed
//   | unsuppress EMAIL | report [--out FILE] | bounces [--file PATH] [--verbose] | erase [--yes]
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { settingsOrExit, type Settings } from '../platform/settings.ts';
import { LIST_KEPT_UNTIL_LONG } from '../content/privacy.ts';
import { normaliseEmail } from '../common/normalise-signup.ts';
import { toCsv } from './csv.ts';
import { erase } from './erase.ts';
import { callForEmail, withCaller, withReminder } from './backend.ts';
import { listSuppressed, unsuppress } from './suppressed.ts';
import { countSignups, oldestFirst, readSignups } from './read-signups.ts';
import { runCommand, usageError } from './run-command.ts';
import { writeOutFile } from './write-out-file.ts';

const DEFAULT_REPORT_FILE = 'subscribers-report.html';

const USAGE = `Usage:
  npm run subscribers -- export [--out FILE]   CSV (email,first_name,created_at,source), oldest first
  npm run subscribers -- count                 the number of sign-ups
  npm run subscribers -- remove EMAIL          take that person (any case) off the list, with their
                                               delivery records (a bounced address stays suppressed)
  npm run subscribers -- forget EMAIL          someone who asks to be forgotten: remove, and delete the
                                               address from the suppression list too
  npm run subscribers -- suppressed            addresses no campaign mails again, why and since when, CSV
  npm run subscribers -- unsuppress EMAIL      take an address off that list (it was fixed, or a mistake)
  npm run subscribers -- report [--out FILE]   charts in one HTML file that needs no network
                                               (default ${DEFAULT_REPORT_FILE}), a summary here
  npm run subscribers -- bounces [--file PATH] [--verbose]
                                               the late bounces and complaints in the sending
                                               mailbox (IMAP_URL; Gmail's from SMTP_URL), or in an
                                               export (.mbox, .eml, a folder): suppresses hard
                                               bounces, unsubscribes complaints; read-only
  npm run subscribers -- erase [--yes]         delete the whole list (sign-ups, delivery records,
                                               suppressed addresses), as the privacy page promises
                                               by ${LIST_KEPT_UNTIL_LONG}; asks first without --yes

Reads the same settings as the server (DATA_DIR, DATABASE_URL, SUPABASE_URL +
SUPABASE_SERVICE_ROLE_KEY for hosted Supabase). Works whether the server is running or not.`;

/** Off the list: the sign-up and its delivery records (a suppressed address stays suppressed). */
const remove = (settings: Settings, email: string) =>
  callForEmail(settings, 'tedxcommunity_remove', email, {
    found: (shown, on) => `Removed ${shown} from ${on}`,
    notFound: (shown, on) => `${shown} was not on the list (${on}); nothing removed`,
  });

/**
 * Someone who asks to be forgotten: the sign-up, its delivery records and, if a bounce put it
 * there, the address on the suppression list; says which it found.
 */
const forget = (settings: Settings, email: string) =>
  withCaller(settings, async (caller, on) => {
    const shown = normaliseEmail(email);
    const found = caller
      ? await caller.scalar<{ on_list: boolean; suppressed: boolean }>('tedxcommunity_forget', {
          p_email: email,
        })
      : { on_list: false, suppressed: false };
    const where = [found.on_list && 'the list', found.suppressed && 'the suppression list']
      .filter(Boolean)
      .join(' and ');
    process.stdout.write(
      where
        ? `Forgot ${shown}: deleted from ${where} on ${on}\n`
        : `${shown} was not on the list or the suppression list (${on}); nothing deleted\n`,
    );
    return 0;
  });

const count = (settings: Settings) =>
  withCaller(settings, async (caller) => {
    process.stdout.write(`${caller ? await countSignups(caller) : 0}\n`);
    return 0;
  });

const exportList = (settings: Settings, out?: string) =>
  withCaller(settings, async (caller, from) => {
    const rows = caller ? oldestFirst(await readSignups(caller)) : [];
    const csv = toCsv(rows);
    if (!out) {
      process.stdout.write(csv);
      return 0;
    }
    // Personal data: readable by this user only, an existing file too.
    writeOutFile(out, csv, 0o600);
    process.stderr.write(`Wrote ${rows.length} sign-ups from ${from} to ${out}\n`);
    return 0;
  });

interface Values {
  out?: string;
  yes?: boolean;
  file?: string;
  verbose?: boolean;
}

type Run = (settings: Settings, email: string, values: Values) => Promise<number>;

/** Per command: the options it takes, how many EMAILs, the one line when that is not so, and
 * what it does. */
const COMMANDS = {
  export: {
    options: { out: { type: 'string' } },
    emails: 0,
    wrong: 'export takes only --out FILE',
    run: (settings, _, { out }) => exportList(settings, out),
  },
  count: { options: {}, emails: 0, wrong: 'count takes nothing after it', run: count },
  remove: { options: {}, emails: 1, wrong: needsEmail('remove'), run: remove },
  forget: { options: {}, emails: 1, wrong: needsEmail('forget'), run: forget },
  suppressed: {
    options: {},
    emails: 0,
    wrong: 'suppressed takes nothing after it',
    run: listSuppressed,
  },
  unsuppress: { options: {}, emails: 1, wrong: needsEmail('unsuppress'), run: unsuppress },
  report: {
    options: { out: { type: 'string' } },
    emails: 0,
    wrong: 'report takes only --out FILE',
    // Loaded only here: the charts' libraries (Plot, linkedom) are most of the command's start-up.
    run: async (settings, _, { out }) =>
      (await import('./report/command.ts')).report(settings, out ?? DEFAULT_REPORT_FILE),
  },
  bounces: {
    options: { file: { type: 'string' }, verbose: { type: 'boolean' } },
    emails: 0,
    wrong: 'bounces takes only --file PATH and --verbose',
    // Loaded only here: the IMAP client and the MIME parser.
    run: async (settings, _, { file, verbose }) =>
      (await import('./bounces/command.ts')).bounces(settings, { file, verbose }),
  },
  erase: {
    options: { yes: { type: 'boolean' } },
    emails: 0,
    wrong: 'erase takes only --yes',
    run: (settings, _, { yes }) => erase(settings, yes === true),
  },
} satisfies Record<
  string,
  { options: ParseArgsConfig['options']; emails: number; wrong: string; run: Run }
>;

function needsEmail(command: string): string {
  return `${command} needs one EMAIL, e.g. npm run subscribers -- ${command} someone@example.org`;
}

/** The command asked for, with its EMAIL and options, or the one line that says what is wrong. */
function readCommand(argv: string[]) {
  const [command, ...rest] = argv;
  const names = Object.keys(COMMANDS).join(', ');
  if (command === undefined) return `Name a command: ${names}`;
  if (!Object.hasOwn(COMMANDS, command))
    return `Unknown command ${JSON.stringify(command)}: use one of ${names}`;
  const name = command as keyof typeof COMMANDS;
  const { options, emails, wrong } = COMMANDS[name];
  let parsed;
  try {
    // strict: an option this command does not take, or --out without its FILE, is an error.
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch {
    return wrong;
  }
  const { values, positionals } = parsed as { values: Values; positionals: string[] };
  if (positionals.length !== emails || positionals.some((p) => !p.trim())) return wrong;
  if (values.out === '' || values.file === '') return wrong;
  return { name, email: positionals[0], values };
}

async function main(): Promise<number> {
  const args = readCommand(process.argv.slice(2));
  if (typeof args === 'string') return usageError(args, USAGE);
  const settings = settingsOrExit();
  const run = () => COMMANDS[args.name].run(settings, args.email, args.values);
  // The erase leaves nothing to keep; bounces says it before its summary. The others say it
  // after their own output, and only when they worked: a failure stays one line.
  if (args.name === 'erase' || args.name === 'bounces') return run();
  const { result: code, notice } = await withReminder(run);
  if (code === 0 && notice) process.stderr.write(`${notice}\n`);
  return code;
}

await runCommand(main, 'Check the database settings and run the same command again');
