// One person's message, as the dry run shows it and the test and the real run send it.
import type { Recipient } from '../sending/store.ts';
import { composeMail, unsubscribeUrl } from './compose.ts';
import { prepareMessage, type MessageTemplate } from './message.ts';

export interface MailSettings {
  from: string;
  siteUrl: string;
  unsubscribeEndpoint: string;
  template: MessageTemplate;
}

type Addressee = Pick<Recipient, 'email' | 'firstName' | 'token'>;

export function mailMaker(settings: MailSettings) {
  const personalise = prepareMessage(settings.template, settings.siteUrl);
  return (to: Addressee, messageId: string) => {
    const unsubscribe = unsubscribeUrl(settings.unsubscribeEndpoint, to.token);
    const rendered = personalise(to.firstName, unsubscribe);
    const { from, siteUrl } = settings;
    const mail = composeMail({ from, to: to.email, siteUrl, unsubscribe, messageId, rendered });
    return { mail, rendered };
  };
}
