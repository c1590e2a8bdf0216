import { useEffect, type MouseEvent } from 'react';
import { NAV_ITEMS } from '../content/navigation';
import { ACTIVE_OFFSET_PX, HASH_SCROLL_DELAY_MS } from '../content/timing';
import { withErrorBoundary } from './error-boundary';
import { MENU_ID, NavBar } from './nav-bar';
import { hashTarget, useActiveSection } from './use-active-section';

const NAV_SECTION_IDS = NAV_ITEMS.flatMap((item) =>
  item.kind === 'section' ? [item.sectionId] : [],
);

/** Arriving from another page with `/#section`: scroll again once the page has settled. */
function useDelayedHashScroll() {
  useEffect(() => {
    const id = hashTarget();
    if (!id) return;
    const timer = window.setTimeout(() => {
      // scrollIntoView honours the sections' 100 px scroll-margin-top.
      document.getElementById(id)?.scrollIntoView();
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

function closeMenu(event: MouseEvent<HTMLAnchorElement>) {
  const menu = document.getElementById(MENU_ID);
  if (menu && event.currentTarget.closest(`#${MENU_ID}`)) menu.hidePopover();
}

/** The navigation bar on `/`: the only place it needs to run, to follow the scroll position. */
function HomeNav() {
  const activeSectionId = useActiveSection(NAV_SECTION_IDS, ACTIVE_OFFSET_PX);
  useDelayedHashScroll();
  return <NavBar isHome activeSectionId={activeSectionId} onItemClick={closeMenu} />;
}

export const HomeNavIsland = withErrorBoundary(HomeNav);
