import { NOTICE_DUPLICATE, NOTICE_FAILURE, NOTICE_SUCCESS } from '../../content/notices';
import { DUPLICATE_EMAIL_CODE, type SignupKind } from '../../common/signup-contract';

const OUTCOMES = {
  success: { kind: 'success', notice: NOTICE_SUCCESS },
  duplicate: { kind: 'duplicate', notice: NOTICE_DUPLICATE },
  failure: { kind: 'failure', notice: NOTICE_FAILURE },
} as const;

export type SignupOutcome = (typeof OUTCOMES)[SignupKind];

/**
 * Maps the insert's error code to what the visitor sees: null means no error.
 * A duplicate still counts as subscribed. Everything else, including a network failure (which
 * supabase-js reports with an empty code), keeps the form.
 */
export function signupOutcome(errorCode: string | null): SignupOutcome {
  if (errorCode === null) return OUTCOMES.success;
  return errorCode === DUPLICATE_EMAIL_CODE ? OUTCOMES.duplicate : OUTCOMES.failure;
}

/** The outcome a no-JavaScript sign-up landed on (its prerendered outcome page). */
export const signupOutcomeOfKind = (kind: SignupKind): SignupOutcome => OUTCOMES[kind];
