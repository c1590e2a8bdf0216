// One person's mail: the rendered parts plus the headers that make it a well-behaved list
// message (RFC 2369 List-Id, RFC 8058 one-click unsubscribe), a stable Message-ID and the mail
// token (mail-token.ts) that lets a late bounce or a complaint be matched to it.
import type { SendMailOptions } from 'nodemailer';
import { EVENT_SHORT_NAME } from '../../../content/event.ts';
import { domainOf } from '../../../common/normalise-signup.ts';
import type { Recipient } from '../sending/store.ts';
import { prepareMessage, type MessageTemplate } from './message.ts';
import { MAIL_TOKEN_HEADER } from '../../mail-token.ts';

/** The mail token (mail-token.ts) at the sender's domain: the same for a campaign and person on
 * every run, so a message resent after a crash folds into the first in the recipient's mailbox. */
export function messageId(token: string, from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from; // `Name <address>`, or the address
  return `<${token}@${domainOf(address)}>`;
}

export interface MailSettings {
  from: string;
  siteUrl: string;
  /** Where the unsubscribe links point: UNSUBSCRIBE_URL if set (the Edge Function on hosted
   * Supabase), else the own server's SITE_URL/unsubscribe. The "Your data" links point to
   * SITE_URL/your-data/ on both: the own server's route, or the static host's page. */
  unsubscribeEndpoint: string;
  template: MessageTemplate;
}

/** One person's message, as the dry run shows it and the test and the real run send it. */
export function mailMaker(settings: MailSettings) {
  const personalise = prepareMessage(settings.template, settings.siteUrl);
  // The same for every message: worked out once, not per person.
  const listId = `${EVENT_SHORT_NAME} launch news <launch.${new URL(settings.siteUrl).hostname}>`;
  /** A person's link to `endpoint`: parsed once, their token set per person. */
  const withToken = (endpoint: string) => {
    const url = new URL(endpoint);
    return (token: string) => {
      url.searchParams.set('token', token);
      return url.toString();
    };
  };
  const unsubscribeLink = withToken(settings.unsubscribeEndpoint);
  const yourDataLink = withToken(`${settings.siteUrl}/your-data/`);
  /** `mailToken`: the person's token (mail-token.ts), also in its own header; none for a preview. */
  return (
    to: Pick<Recipient, 'email' | 'first_name' | 'token'>,
    messageId: string,
    mailToken?: string,
  ) => {
    const unsubscribe = unsubscribeLink(to.token);
    const rendered = personalise(to.first_name, { unsubscribe, yourData: yourDataLink(to.token) });
    const mail: SendMailOptions = {
      from: settings.from,
      to: to.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      messageId,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': listId,
        ...(mailToken ? { [MAIL_TOKEN_HEADER]: mailToken } : {}),
      },
    };
    return { mail, rendered };
  };
}
