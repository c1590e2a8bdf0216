// The home page's navigation follows the scroll position with a few lines of plain script rather
// than a React island: the top of `/` runs no framework code at all (docs/performance.md). The
// prerendered bar marks nothing; this marks the item of the section in view.
import { chooseActiveSection, type SectionBox } from './active-section';

/** The section id in the URL's hash, or null; a malformed escape is no target, not a crash. */
export function hashTarget(): string | null {
  try {
    return decodeURIComponent(window.location.hash.slice(1)) || null;
  } catch {
    return null;
  }
}

function measure(ids: readonly string[]): SectionBox[] {
  const boxes: SectionBox[] = [];
  for (const id of ids) {
    const rect = document.getElementById(id)?.getBoundingClientRect();
    if (rect) boxes.push({ id, top: rect.top + scrollY, bottom: rect.bottom + scrollY });
  }
  return boxes;
}

/**
 * On the element marked `data-follow-sections` (its `data-offset`: the probe line's distance from
 * the viewport top; `data-hash-delay`: when to scroll again after arriving with a hash):
 * `aria-current="true"` on the links to the section in view, kept up to date on scroll, resize
 * and hash changes; a link in the phone menu closes the menu.
 */
export function followActiveSection(root: ParentNode = document): void {
  const holder = root.querySelector<HTMLElement>('[data-follow-sections]');
  if (!holder) return;
  const offset = Number(holder.dataset.offset);
  const links = [...holder.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const idOf = (link: HTMLAnchorElement) => decodeURIComponent(link.hash.slice(1));
  const ids = [...new Set(links.map(idOf))];
  let current: string | null = null;
  let queued = false;
  const update = () => {
    queued = false;
    const active = chooseActiveSection(
      measure(ids),
      {
        scrollY,
        viewportHeight: innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      },
      offset,
      hashTarget(),
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
  addEventListener('hashchange', schedule);
  schedule();

  const menu = holder.querySelector<HTMLElement>('[popover]');
  for (const link of menu?.querySelectorAll('a') ?? []) {
    link.addEventListener('click', () => menu?.hidePopover());
  }
  // Arriving from another page with `/#section`: scroll again once the page has settled.
  const target = hashTarget();
  if (target) {
    // scrollIntoView honours the sections' 100 px scroll-margin-top.
    setTimeout(
      () => document.getElementById(target)?.scrollIntoView(),
      Number(holder.dataset.hashDelay),
    );
  }
}
