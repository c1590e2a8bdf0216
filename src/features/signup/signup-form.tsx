import { useId, useState, type SubmitEvent } from 'react';
import { withErrorBoundary } from '../../components/error-boundary';
import { ExternalLink } from '../../components/external-link';
import { SIGNUP } from '../../../content/home';
import { WHATSAPP_CHANNEL } from '../../../content/links';
import { ROUTES } from '../../../content/navigation';
import { isAcceptableSignup, toSignupInsert } from '../../../common/normalise-signup';
import {
  HONEYPOT_FIELD,
  LOCAL_ANON_KEY,
  signupFormAction,
  type SignupKind,
} from '../../../common/signup-contract';
import { signupOutcome, signupOutcomeOfKind, type SignupOutcome } from '../../lib/signup-outcome';
import { landingSource } from '../../../common/signup-source';
import { Notice } from './notice';
import { preloadSubscribe, subscribe } from './subscribe';

// Without JavaScript (or before hydration) the browser posts the form here; the function answers
// 303 to the outcome page. Once hydrated, handleSubmit takes over and nothing is posted.
const FORM_ACTION = signupFormAction(
  import.meta.env.PUBLIC_SUPABASE_URL,
  import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
);

interface SignupFormProps {
  /** On an outcome page (after a no-JavaScript post): the state that outcome leaves. */
  initialOutcome?: SignupKind;
  /** The WhatsApp Channel offered once subscribed; content/links.ts unless a test sets it. */
  whatsappChannel?: string;
}

const INPUT =
  'w-full rounded-full border border-line bg-ink px-5 py-3.5 text-base text-paper placeholder:text-muted focus:border-accent focus-visible:outline-3 focus-visible:outline-accent';

/** The sign-up form: idle → submitting → subscribed, with the notices of signup-outcome.ts. */
function SignupForm({ initialOutcome, whatsappChannel = WHATSAPP_CHANNEL.href }: SignupFormProps) {
  // The last submit's outcome (its notice; subscribed or not), null before one and while sending.
  const [outcome, setOutcome] = useState<SignupOutcome | null>(
    initialOutcome ? signupOutcomeOfKind(initialOutcome) : null,
  );
  const [isSubmitting, setIsSubmitting] = useState(false);
  const emailId = useId();
  const nameId = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const data = new FormData(event.currentTarget);
    // A filled honeypot is a bot: pretend it worked and send nothing.
    if (String(data.get(HONEYPOT_FIELD) ?? '') !== '') {
      setOutcome(signupOutcome(null));
      return;
    }
    const row = toSignupInsert(
      String(data.get('email') ?? ''),
      String(data.get('first_name') ?? ''),
    );
    if (!row) return;
    // What the table would refuse (an address no relay takes, a control character) gets the
    // answer the refusal would get, without a request.
    if (!isAcceptableSignup(row)) {
      setOutcome(signupOutcomeOfKind('failure'));
      return;
    }
    const source = landingSource(location.search);
    setIsSubmitting(true);
    setOutcome(null);
    setOutcome(signupOutcome(await subscribe(source ? { ...row, source } : row)));
    setIsSubmitting(false);
  }

  return (
    <div className="mx-auto mt-10 max-w-2xl">
      {/* Subscribed (a duplicate too): the thank-you message replaces the form. */}
      {outcome && outcome.kind !== 'failure' ? (
        <div className="rounded-2xl border border-line bg-surface p-8 text-center">
          <p className="font-display text-3xl uppercase">{SIGNUP.thanks}</p>
          {/* A plain link, so nothing reaches WhatsApp (no script, no image, no preconnect) until
          the visitor taps it; nothing at all while the channel's address is empty. */}
          {whatsappChannel && (
            <ExternalLink
              href={whatsappChannel}
              className="mt-6 inline-flex items-center gap-2 rounded-full bg-action px-6 py-3 text-base font-bold text-white transition-colors hover:bg-action-hover"
            >
              {WHATSAPP_CHANNEL.label}
              <span aria-hidden="true">→</span>
            </ExternalLink>
          )}
        </div>
      ) : (
        <form
          method="post"
          action={FORM_ACTION}
          encType="application/x-www-form-urlencoded"
          onSubmit={handleSubmit}
          aria-busy={isSubmitting}
          className="flex flex-col gap-3 md:flex-row md:flex-wrap"
        >
          <div className="md:flex-1">
            <label htmlFor={nameId} className="sr-only">
              {SIGNUP.firstNameLabel}
            </label>
            <input
              id={nameId}
              name="first_name"
              type="text"
              autoComplete="given-name"
              onFocus={preloadSubscribe}
              placeholder={SIGNUP.firstNamePlaceholder}
              className={INPUT}
            />
          </div>
          <div className="md:flex-1">
            <label htmlFor={emailId} className="sr-only">
              {SIGNUP.emailLabel}
            </label>
            <input
              id={emailId}
              name="email"
              type="email"
              required
              autoComplete="email"
              onFocus={preloadSubscribe}
              placeholder={SIGNUP.emailPlaceholder}
              className={INPUT}
            />
          </div>
          {/* Honeypot: people never see or reach it; bots that fill every field do. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label>
              Leave this empty
              <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <button
            type="submit"
            disabled={isSubmitting}
            className="inline-flex items-center justify-center gap-2 rounded-full bg-action px-7 py-3.5 font-bold text-white transition-colors hover:bg-action-hover disabled:cursor-wait disabled:opacity-80"
          >
            {isSubmitting && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
            )}
            {isSubmitting ? SIGNUP.submittingLabel : SIGNUP.submitLabel}
          </button>
        </form>
      )}
      <Notice outcome={outcome} />
      <p className="mt-4 text-sm text-muted">
        {SIGNUP.privacyNote}{' '}
        <a href={ROUTES.privacy} className="text-paper underline underline-offset-4">
          {SIGNUP.privacyLinkLabel}
        </a>
      </p>
    </div>
  );
}

export const SignupFormIsland = withErrorBoundary(SignupForm);
