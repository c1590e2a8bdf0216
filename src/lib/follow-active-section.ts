// The home page's navigation follows the scroll position with a few lines of plain script rather
// than a React island: the top of `/` runs no framework code at all (docs/decisions/0004-deferred-hydration.md). The
// prerendered bar marks nothing; this marks the item of the section in view.
import { ACTIVE_OFFSET_PX, HASH_SCROLL_DELAY_MS } from '../../content/timing';
import { chooseActiveSection } from './active-section';

/** The section id in the URL's hash, or null; a malformed escape is no target, not a crash. */
function hashTarget(): string | null {
  try {
    return decodeURIComponent(window.location.hash.slice(1)) || null;
  } catch {
    return null;
  }
}

/**
 * On the element marked `data-follow-sections`: `aria-current="true"` on the links to the
 * section in view, kept up to date on scroll, resize and hash changes; a link in the phone menu
 * closes the menu.
 */
export function followActiveSection(): void {
  const holder = document.querySelector<HTMLElement>('[data-follow-sections]');
  if (!holder) return;
  const links = [...holder.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const idOf = (link: HTMLAnchorElement) => decodeURIComponent(link.hash.slice(1));
  // The sections are in the prerendered page: found once, measured each frame that needs it.
  const sections = [...new Set(links.map(idOf))]
    .map((id) => document.getElementById(id))
    .filter((section) => section !== null);
  let target = hashTarget();
  let current: string | null = null;
  let queued = false;
  const update = () => {
    queued = false;
    const active = chooseActiveSection(
      sections.map((section) => {
        const rect = section.getBoundingClientRect();
        return { id: section.id, top: rect.top + scrollY, bottom: rect.bottom + scrollY };
      }),
      {
        scrollY,
        viewportHeight: innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      },
      ACTIVE_OFFSET_PX,
      target,
    );
    if (active === current) return;
    current = active;
    for (const link of links) {
      if (idOf(link) === active) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  };
  // At most one measurement a frame, however many scroll events arrive.
  const schedule = () => {
    if (!queued) requestAnimationFrame(update);
    queued = true;
  };
  addEventListener('scroll', schedule, { passive: true });
  addEventListener('resize', schedule);
  addEventListener('hashchange', () => {
    target = hashTarget();
    schedule();
  });
  // At the top of the page no section is in view: nothing to measure (measuring would lay out the
  // sections not yet shown). A page opened further down (a hash, a restored scroll) measures now.
  if (scrollY > 0 || target) schedule();

  const menu = holder.querySelector<HTMLElement>('[popover]');
  for (const link of menu?.querySelectorAll('a') ?? []) {
    link.addEventListener('click', () => menu?.hidePopover());
  }
  // Arriving from another page with `/#section`: scroll again once the page has settled.
  const arrivedAt = target;
  if (arrivedAt) {
    // scrollIntoView honours the page's 100 px scroll-padding-top.
    setTimeout(() => document.getElementById(arrivedAt)?.scrollIntoView(), HASH_SCROLL_DELAY_MS);
  }
}
