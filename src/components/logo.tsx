import { WORD_MARK } from '../../content/event';

/** The event's word mark: 'TEDx' in red, the rest in white. */
export function Logo() {
  return (
    <span className="font-display tracking-wide">
      {WORD_MARK.red && <span className="text-brand">{WORD_MARK.red}</span>}
      <span className="text-paper">{WORD_MARK.rest}</span>
    </span>
  );
}
