import { EVENT_SHORT_NAME } from '../../content/event';
import { WHAT_IS_TEDX } from '../../content/home';
import { TEDX_PROGRAM_LINK } from '../../content/links';
import { ExternalLink } from './external-link';
import { SUBHEADING } from './section';

// TED's wording stays as it is; only the event's own name is set in bold, so the paragraph reads
// as ours rather than as fine print.
const PIECES = WHAT_IS_TEDX.body.split(EVENT_SHORT_NAME);

/** TED's "What is TEDx?" language and the link to the TEDx program (TED's website rules). */
export function WhatIsTedx() {
  return (
    <div className="border-l-4 border-brand pl-5 sm:pl-6">
      <h3 className={SUBHEADING}>{WHAT_IS_TEDX.title}</h3>
      <p className="mt-4 text-lg font-medium leading-relaxed text-paper/90">
        {PIECES.map((piece, index) => (
          <span key={index}>
            {index > 0 && <strong className="font-bold text-paper">{EVENT_SHORT_NAME}</strong>}
            {piece}
          </span>
        ))}
      </p>
      <ExternalLink
        href={TEDX_PROGRAM_LINK.href}
        className="mt-6 inline-flex items-center gap-2 rounded-full border border-brand px-5 py-2.5 text-sm font-bold transition-colors hover:bg-brand"
      >
        {TEDX_PROGRAM_LINK.label}
        <span aria-hidden="true">→</span>
      </ExternalLink>
    </div>
  );
}
