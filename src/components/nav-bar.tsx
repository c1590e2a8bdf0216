import { EVENT_SHORT_NAME } from '../../content/event';
import { NAV_ITEMS, ROUTES } from '../../content/navigation';
import { Logo } from './logo';

const MENU_ID = 'site-menu';

interface NavBarProps {
  /** The current route, for `aria-current="page"` on route items (on `/`, the section in view
   * is marked by src/lib/follow-active-section.ts); null as BaseLayout's `path`. On `/`, section
   * items are same-page anchors; elsewhere they lead to `/#section`. */
  currentPath: string | null;
}

const LINK =
  'rounded-sm text-sm font-semibold uppercase tracking-wider text-paper/85 transition-colors hover:text-paper aria-[current]:text-accent';

export function NavBar({ currentPath }: NavBarProps) {
  const isHome = currentPath === '/';
  /** The four items, once for the wide bar and once for the phone menu. */
  const links = (className: string, linkClassName: string) => (
    <ul className={className}>
      {NAV_ITEMS.map((item) => {
        const isRoute = item.kind === 'route';
        return (
          <li key={item.label}>
            <a
              href={isRoute ? item.href : `${isHome ? '' : '/'}#${item.sectionId}`}
              aria-current={isRoute && item.href === currentPath ? 'page' : undefined}
              className={`${LINK} ${linkClassName}`}
            >
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
  return (
    <header
      data-follow-sections={isHome ? '' : undefined}
      className="fixed inset-x-0 top-0 z-50 border-b border-line/70 bg-ink/90 backdrop-blur"
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8"
      >
        <a
          href={ROUTES.home}
          className="rounded-sm text-[min(1.5rem,7vw)]"
          aria-label={`${EVENT_SHORT_NAME} home`}
        >
          <Logo />
        </a>
        {links(
          'hidden items-center gap-7 lg:flex',
          'border-b-2 border-transparent py-1 aria-[current]:border-brand',
        )}
        <button
          type="button"
          popoverTarget={MENU_ID}
          className="shrink-0 rounded-md border border-line px-3 py-2 text-sm font-semibold uppercase tracking-wider lg:hidden"
        >
          Menu
        </button>
        <div
          id={MENU_ID}
          popover="auto"
          className="inset-x-0 top-16 bottom-auto m-0 w-full max-w-none border-0 border-b border-line bg-ink p-0 text-paper lg:hidden"
        >
          {links('flex flex-col px-5 py-3 sm:px-8', 'block py-3 text-base')}
        </div>
      </nav>
    </header>
  );
}
