// npm run announce -- --campaign ID [--dry-run | --test-to ADDRESS | --yes] [--max N] [--message FILE]
import { parseArgs } from 'node:util';

export const USAGE = `Usage:
  npm run announce -- --campaign ID --dry-run            how many would get it, and the first message
  npm run announce -- --campaign ID --test-to ADDRESS    one preview to ADDRESS; records nothing
  npm run announce -- --campaign ID --yes                send to everyone who has not had campaign ID
  (without --yes it asks first)     --max N              stop after N messages (a free plan's daily
                                                         limit); the next run goes on from there
                                    --message FILE       another Markdown message (default:
                                                         src/content/launch-announcement.md)

ID: letters, digits, . _ - (e.g. launch-2025). Settings: SMTP_URL, MAIL_FROM, SITE_URL,
ANNOUNCE_RATE, ANNOUNCE_MAX_PER_RUN, and the database settings of npm run subscribers.`;

const CAMPAIGN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface AnnounceArgs {
  campaign: string;
  mode: 'dry-run' | 'test' | 'send';
  testTo?: string;
  yes: boolean;
  message?: string;
  /** --max N: messages in this run at most (overrides ANNOUNCE_MAX_PER_RUN; 0 = no cap). */
  max?: number;
}

const OPTIONS = {
  campaign: { type: 'string' },
  'test-to': { type: 'string' },
  message: { type: 'string' },
  max: { type: 'string' },
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean' },
} as const;

const STRINGS = new Set(
  Object.keys(OPTIONS).filter((name) => OPTIONS[name as keyof typeof OPTIONS].type === 'string'),
);

/**
 * `--max -1` as `--max=-1`: parseArgs takes a next argument that starts with "-" for an option,
 * where an organiser meant the value (and is then told what is wrong with it). `--campaign --yes`
 * stays as it is: a value forgotten.
 */
function joinValues(argv: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    const takesValue = argv[i].startsWith('--') && STRINGS.has(argv[i].slice(2));
    if (takesValue && next !== undefined && !next.startsWith('--'))
      joined.push(`${argv[i]}=${argv[++i]}`);
    else joined.push(argv[i]);
  }
  return joined;
}

/** The options' values once every token checked out (strict: false gives the same values). */
interface Values {
  campaign?: string;
  'test-to'?: string;
  message?: string;
  max?: string;
  'dry-run'?: boolean;
  yes?: boolean;
}

/**
 * The values, or what is wrong with the arguments as written in one line. parseArgs' tokens, not
 * its strict mode: its errors are paragraphs for developers, and an organiser gets one line.
 */
function readValues(argv: string[]): Values | string {
  const { values, tokens } = parseArgs({
    args: argv,
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === 'positional') return `Unknown argument ${token.value}`;
    if (token.kind === 'option-terminator') return 'Unknown argument --';
    const option = (OPTIONS as Record<string, { type: string }>)[token.name];
    if (!option) return `Unknown argument ${argv[token.index]}`;
    if (option.type === 'boolean' && token.value !== undefined)
      return `${token.rawName} takes no value`;
    // A value that is the next option (`--campaign --yes`) is a value forgotten.
    if (option.type === 'string' && (!token.value || token.value.startsWith('--')))
      return `${token.rawName} needs a value`;
  }
  return values as Values;
}

/** The arguments, or a one-line reason they are wrong. */
export function parseAnnounceArgs(written: string[]): AnnounceArgs | string {
  const values = readValues(joinValues(written));
  if (typeof values === 'string') return values;
  const { campaign, 'test-to': testTo, max, message } = values;
  if (!campaign) return '--campaign ID is required';
  if (!CAMPAIGN.test(campaign))
    return `Campaign ID ${JSON.stringify(campaign)}: use letters, digits, . _ - (at most 64)`;
  if (testTo !== undefined && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(testTo))
    return `--test-to ${JSON.stringify(testTo)} is not an email address`;
  if (values['dry-run'] && testTo !== undefined) return 'Choose one of --dry-run and --test-to';
  if (max !== undefined && !/^\d{1,8}$/.test(max))
    return `--max ${JSON.stringify(max)}: a whole number of messages (0 = no cap)`;
  const mode = values['dry-run'] ? 'dry-run' : testTo !== undefined ? 'test' : 'send';
  return {
    campaign,
    mode,
    testTo,
    yes: values.yes === true,
    message,
    max: max === undefined ? undefined : Number(max),
  };
}
