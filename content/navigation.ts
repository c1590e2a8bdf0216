// The navigation bar's four items.

/** The anchors on `/`, each key the camel case of its id. */
export const SECTION_IDS = {
  aboutSection: 'about-section',
  emailSignup: 'email-signup',
  /** The footer area: the organizers, their disclaimer, the team list and the press contact. */
  organizingTeam: 'organizing-team',
  /** Inside organizing-team: the team list (what the footer's "Meet the Team" link opens). */
  meetTheTeam: 'meet-the-team',
  /** Inside organizing-team: the press contact. */
  mediaPress: 'media-press',
} as const;

// By design, the nav's "Meet the Team" scrolls to the whole organizing-team area, while
// the footer's "Meet the Team" link opens the team list inside it (meet-the-team). A section item
// scrolls to the element on `/` with its sectionId; a route item leads to its page.
export const NAV_ITEMS = [
  { kind: 'section', label: 'About', sectionId: SECTION_IDS.aboutSection },
  { kind: 'section', label: 'Meet the Team', sectionId: SECTION_IDS.organizingTeam },
  { kind: 'section', label: 'Press & Media', sectionId: SECTION_IDS.mediaPress },
  { kind: 'route', label: 'About TED/TEDx', href: '/about' },
] as const;

export const ROUTES = {
  home: '/',
  about: '/about',
  speakers: '/speakers',
  privacy: '/privacy',
} as const;
