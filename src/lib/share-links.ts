import type { ShareTarget } from '../../content/share';
import { withSource } from '../../common/signup-source';

/**
 * Plain share URLs (no script, no third-party request until the visitor taps one). WhatsApp and
 * X take the text with the link; LinkedIn and Facebook read the page's own share tags. The link
 * carries the target as its utm_source, so a sign-up it brings says where it came from.
 */
export function shareUrl(target: ShareTarget, page: string, text: string): string {
  const pageUrl = withSource(page, target);
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (target) {
    case 'whatsapp':
      return `https://wa.me/?${q({ text: `${text} ${pageUrl}` })}`;
    case 'x':
      return `https://x.com/intent/post?${q({ text, url: pageUrl })}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?${q({ url: pageUrl })}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: pageUrl })}`;
  }
}
