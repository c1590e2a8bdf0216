// npm run announce: the launch announcement, to every subscribed person, once. See announce/modes/args.ts.
import { settingsOrExit } from '../platform/settings.ts';
import { readTemplate } from './announce/mail/message.ts';
import { parseAnnounceArgs, USAGE } from './announce/modes/args.ts';
import type { AnnounceContext } from './announce/modes/context.ts';
import { dryRun } from './announce/modes/dry-run.ts';
import { sendCampaign } from './announce/modes/send-campaign.ts';
import { sendTest } from './announce/modes/test-message.ts';
import { runCommand, usageError } from './run-command.ts';
import { CliError } from './cli-error.ts';

function required(value: string | undefined, line: string): string {
  if (!value) throw new CliError(line);
  return value;
}

async function main(): Promise<number> {
  const args = parseAnnounceArgs(process.argv.slice(2));
  if (typeof args === 'string') return usageError(args, USAGE);
  const settings = settingsOrExit();
  const siteUrl = required(
    settings.siteUrl,
    "Set SITE_URL to the site's public address: the unsubscribe links point there",
  );
  const context: AnnounceContext = {
    args,
    settings,
    from: required(
      settings.mailFrom,
      'Set MAIL_FROM to the sender, e.g. "TEDxKampalaBS <hello@your.domain>"',
    ),
    siteUrl,
    unsubscribeEndpoint: settings.unsubscribeUrl ?? `${siteUrl}/unsubscribe`,
    template: readTemplate(args.message),
  };
  if (args.mode === 'dry-run') return dryRun(context);
  const smtpUrl = required(
    settings.smtpUrl,
    'Set SMTP_URL (smtp://user:password@host:587 or smtps://…:465) to send',
  );
  if (args.mode === 'test') return sendTest(context, smtpUrl);
  return sendCampaign(context, smtpUrl);
}

// Nothing half-done needs undoing after a database error: every outcome is recorded as it happens.
await runCommand(main, 'Sent messages are recorded: fix it and run the same command again');
