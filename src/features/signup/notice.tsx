import type { SignupOutcome } from '../../lib/signup-outcome';

/**
 * The visible notice after a submit. The live region is always in the page, so screen readers
 * announce what appears in it.
 */
export function Notice({ outcome }: { outcome: SignupOutcome | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="mt-4">
      {outcome && (
        <div
          className={`rounded-xl border bg-surface p-4 ${outcome.kind === 'failure' ? 'border-accent' : 'border-line'}`}
        >
          <p className="font-bold">{outcome.notice.title}</p>
          <p className="mt-1 text-muted">{outcome.notice.description}</p>
        </div>
      )}
    </div>
  );
}
