// Outbound links. The event's own social accounts are placeholders until they exist:
// organisers, replace each href with the real profile.

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Twitter', href: 'https://twitter.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
];

/** TED's own accounts, listed under 'Follow TED on' on the About page. */
export const TED_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/TED' },
  { label: 'Instagram', href: 'https://www.instagram.com/ted/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/ted-conferences/' },
  { label: 'TikTok', href: 'https://www.tiktok.com/@tedtoks' },
  { label: 'X', href: 'https://x.com/TEDTalks' },
];

/** TED's page about the TEDx program: TED's rules ask for a visible link to it on the home page. */
export const TEDX_PROGRAM_LINK = {
  label: 'About the TEDx program',
  href: 'https://www.ted.com/about/programs-initiatives/tedx-program',
};

/** The event's WhatsApp Channel: empty, nothing is shown anywhere (docs/next-edition.md says how
 * to set it). */
export const WHATSAPP_CHANNEL = {
  label: 'Follow us on WhatsApp',
  href: '',
};
