import { useId } from 'react';
import { CALENDAR_FILE_PATH, CALENDAR_LINK_LABEL } from '../../content/calendar';
import {
  NATIVE_SHARE_LABEL,
  SHARE_LINK_PREFIX,
  SHARE_TARGETS,
  SHARE_TEXT,
  SHARE_TITLE,
} from '../../content/share';
import { shareUrl } from '../lib/share-links';

interface SaveTheDateProps {
  className?: string;
}

const PILL =
  'inline-flex items-center rounded-full border border-paper/25 bg-ink/60 px-5 py-2.5 text-sm font-semibold transition-colors hover:border-brand hover:text-accent';

/**
 * "Add to calendar" and share links that work without any script; the phone's share sheet
 * appears only where the browser offers one (src/lib/native-share.ts unhides it).
 */
export function SaveTheDate({ className = '' }: SaveTheDateProps) {
  const headingId = useId();
  const pageUrl = new URL('/', import.meta.env.SITE).href;
  return (
    <div className={`flex flex-col items-center gap-4 ${className}`}>
      <a
        href={CALENDAR_FILE_PATH}
        className="inline-flex rounded-full border-2 border-brand px-7 py-3 font-bold text-paper transition-colors hover:bg-action hover:text-white"
      >
        {CALENDAR_LINK_LABEL}
      </a>
      <nav aria-labelledby={headingId} className="flex flex-col items-center gap-3">
        <p id={headingId} className="text-sm font-semibold text-muted">
          {SHARE_TITLE}
        </p>
        <ul className="flex flex-wrap justify-center gap-3">
          {SHARE_TARGETS.map(({ target, label }) => (
            <li key={target}>
              <a
                href={shareUrl(target, pageUrl, SHARE_TEXT)}
                target="_blank"
                rel="noopener"
                className={PILL}
              >
                <span className="sr-only">{SHARE_LINK_PREFIX} </span>
                {label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
          <li hidden data-native-share="">
            <button
              type="button"
              data-text={SHARE_TEXT}
              data-url={pageUrl}
              className={`${PILL} cursor-pointer`}
            >
              {NATIVE_SHARE_LABEL}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
