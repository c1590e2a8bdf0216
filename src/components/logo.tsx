import { EVENT_SHORT_NAME } from '../content/event';

const PREFIX = 'TEDx';

interface LogoProps {
  className?: string;
}

/** The event's word mark: 'TEDx' in red, the rest in white. */
export function Logo({ className = '' }: LogoProps) {
  const rest = EVENT_SHORT_NAME.startsWith(PREFIX)
    ? EVENT_SHORT_NAME.slice(PREFIX.length)
    : EVENT_SHORT_NAME;
  return (
    <span className={`font-display tracking-wide ${className}`}>
      {EVENT_SHORT_NAME.startsWith(PREFIX) && <span className="text-brand">{PREFIX}</span>}
      <span className="text-paper">{rest}</span>
    </span>
  );
}
