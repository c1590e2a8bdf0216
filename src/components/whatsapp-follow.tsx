import { WHATSAPP_CHANNEL } from '../content/links';
import { ExternalLink } from './external-link';

interface WhatsAppFollowProps {
  /** The channel's address; nothing is shown while it is empty (src/content/links.ts). */
  href?: string;
  className?: string;
}

/**
 * "Follow us on WhatsApp": a plain link, so nothing reaches WhatsApp (no script, no image, no
 * preconnect) until the visitor taps it.
 */
export function WhatsAppFollow({
  href = WHATSAPP_CHANNEL.href,
  className = '',
}: WhatsAppFollowProps) {
  if (!href) return null;
  return (
    <ExternalLink
      href={href}
      className={`inline-flex items-center gap-2 rounded-full bg-action px-6 py-3 text-base font-bold text-white transition-colors hover:bg-action-hover ${className}`}
    >
      {WHATSAPP_CHANNEL.label}
      <span aria-hidden="true">→</span>
    </ExternalLink>
  );
}
