// npm run announce -- --campaign ID [--dry-run | --test-to ADDRESS | --yes] [--max N] [--message FILE]
import { parseArgs } from 'node:util';
import { COPYRIGHT_YEAR } from '../../../content/event.ts';
import { CAMPAIGN } from '../../mail-token.ts';

export const USAGE = `Usage:
  npm run announce -- --campaign ID --dry-run            how many would get it, and the first message
  npm run announce -- --campaign ID --test-to ADDRESS    one preview to ADDRESS; records nothing
  npm run announce -- --campaign ID --yes                send to everyone who has not had campaign ID
  (without --yes it asks first)     --max N              stop after N messages (a free plan's daily
                                                         limit); the next run goes on from there
                                    --message FILE       another Markdown message (default:
                                                         content/launch-announcement.md)

ID: letters, digits, . _ - (e.g. launch-${COPYRIGHT_YEAR}), new for each message: a run with an ID
used before mails only those who have not had it. Settings: SMTP_URL, MAIL_FROM, SITE_URL,
ANNOUNCE_RATE, ANNOUNCE_MAX_PER_RUN, and the database settings of npm run subscribers.`;

export type AnnounceArgs = Exclude<ReturnType<typeof parseAnnounceArgs>, string>;

const OPTIONS = {
  campaign: { type: 'string' },
  'test-to': { type: 'string' },
  message: { type: 'string' },
  max: { type: 'string' },
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean' },
} as const;

/**
 * The values, or what is wrong with the arguments in one line: parseArgs' own refusals are
 * paragraphs for developers, so only their code and the argument they quote are kept.
 */
function readValues(argv: string[]) {
  try {
    const { values } = parseArgs({ args: argv, options: OPTIONS, strict: true });
    const empty = Object.entries(values).find(([, value]) => value === '');
    return empty ? `--${empty[0]} needs a value` : values;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const quoted = /'([^' ]+)/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      return `${quoted} ${message.includes('does not take') ? 'takes no value' : 'needs a value'}`;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      return `Unknown argument ${quoted}`;
    throw error;
  }
}

/** The arguments, or a one-line reason they are wrong. */
export function parseAnnounceArgs(written: string[]) {
  const values = readValues(written);
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
  const mode: 'dry-run' | 'test' | 'send' = values['dry-run']
    ? 'dry-run'
    : testTo !== undefined
      ? 'test'
      : 'send';
  return {
    campaign,
    mode,
    testTo,
    yes: values.yes === true,
    message,
    /** --max N: messages in this run at most (overrides ANNOUNCE_MAX_PER_RUN; 0 = no cap). */
    max: max === undefined ? undefined : Number(max),
  };
}
