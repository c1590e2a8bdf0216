import type { RefusalCause } from '../../common/smtp-answer.ts';

/** What each cause of a refusal about the sender means, and what to fix, one clause each: for the
 * send's stop line and the late reports' summary alike. */
export const CAUSE_LINES: Record<RefusalCause, string> = {
  sandbox:
    'a sandbox or an unverified sender: verify the address or domain of MAIL_FROM with the provider and ask it to lift the sandbox (Amazon SES: request production access)',
  authentication:
    "authentication (SPF, DKIM, DMARC): publish the SPF, DKIM and DMARC records your provider gives for MAIL_FROM's domain, and wait for them to show",
  'block list':
    "a block list or the sending server's reputation: ask your SMTP provider to get its address delisted, or send through another provider",
  content:
    "the message's content or the provider's policy: read the answer, change the message (a test with --test-to first), or ask the provider",
};
