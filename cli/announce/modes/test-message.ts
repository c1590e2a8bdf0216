// `npm run announce -- --campaign ID --test-to ADDRESS`: one preview, recorded nowhere.
import { randomUUID } from 'node:crypto';
import { CliError } from '../../cli-error.ts';
import { mailMaker, messageId } from '../mail/compose.ts';
import { say } from '../../output/say.ts';
import { openMailer, serverName, stopLine } from '../sending/smtp.ts';
import type { AnnounceContext } from './context.ts';

/** An unsubscribe token that is nobody's: a preview's link shows the "not valid" page. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

export async function sendTest(context: AnnounceContext, smtpUrl: string): Promise<number> {
  const to = context.args.testTo ?? '';
  const server = serverName(smtpUrl);
  const mailer = await openMailer(smtpUrl);
  // No mail token, and a Message-ID that is not one.
  const { mail } = mailMaker(context)(
    { email: to, first_name: null, token: NOBODY },
    messageId(`test.${randomUUID()}`, context.from),
  );
  try {
    await mailer.sendMail(mail);
  } catch (error) {
    throw new CliError(`The test message to ${to} was refused: ${stopLine(error, server)}`);
  } finally {
    mailer.close();
  }
  say(
    `Sent a test message of campaign ${context.args.campaign} to ${to} through ${server}. Nothing recorded.`,
  );
  return 0;
}
