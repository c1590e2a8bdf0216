// The navigation bar's four items (SPEC section 2).

export interface SectionNavItem {
  kind: 'section';
  label: string;
  /** id of the element on `/` that the item scrolls to. */
  sectionId: string;
}

export interface RouteNavItem {
  kind: 'route';
  label: string;
  href: string;
}

export type NavItem = SectionNavItem | RouteNavItem;

export const SECTION_IDS = {
  about: 'about-section',
  team: 'organizing-team',
  meetTheTeam: 'meet-the-team',
  press: 'media-press',
  signup: 'email-signup',
} as const;

export const NAV_ITEMS: readonly NavItem[] = [
  { kind: 'section', label: 'About', sectionId: SECTION_IDS.about },
  { kind: 'section', label: 'Meet the Team', sectionId: SECTION_IDS.team },
  { kind: 'section', label: 'Press & Media', sectionId: SECTION_IDS.press },
  { kind: 'route', label: 'About TED/TEDx', href: '/about' },
];

export const ROUTES = {
  home: '/',
  about: '/about',
  speakers: '/speakers',
  privacy: '/privacy',
} as const;
