// npm run announce -- --campaign ID [--dry-run | --test-to ADDRESS | --yes] [--max N] [--message FILE]

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

export const CAMPAIGN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface AnnounceArgs {
  campaign: string;
  mode: 'dry-run' | 'test' | 'send';
  testTo?: string;
  yes: boolean;
  message?: string;
  /** --max N: messages in this run at most (overrides ANNOUNCE_MAX_PER_RUN; 0 = no cap). */
  max?: number;
}

/** The arguments, or a one-line reason they are wrong. */
export function parseAnnounceArgs(argv: string[]): AnnounceArgs | string {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s, 2);
    if (name === '--dry-run' || name === '--yes') flags.add(name);
    else if (['--campaign', '--test-to', '--message', '--max'].includes(name)) {
      const value = inline ?? argv[++i];
      if (!value || value.startsWith('--')) return `${name} needs a value`;
      values[name] = value;
    } else return `Unknown argument ${argv[i]}`;
  }
  const campaign = values['--campaign'];
  if (!campaign) return '--campaign ID is required';
  if (!CAMPAIGN.test(campaign))
    return `Campaign ID ${JSON.stringify(campaign)}: use letters, digits, . _ - (at most 64)`;
  const testTo = values['--test-to'];
  if (testTo !== undefined && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(testTo))
    return `--test-to ${JSON.stringify(testTo)} is not an email address`;
  if (flags.has('--dry-run') && testTo !== undefined)
    return 'Choose one of --dry-run and --test-to';
  const max = values['--max'];
  if (max !== undefined && !/^\d{1,8}$/.test(max))
    return `--max ${JSON.stringify(max)}: a whole number of messages (0 = no cap)`;
  const mode = flags.has('--dry-run') ? 'dry-run' : testTo !== undefined ? 'test' : 'send';
  return {
    campaign,
    mode,
    testTo,
    yes: flags.has('--yes'),
    message: values['--message'],
    max: max === undefined ? undefined : Number(max),
  };
}
