import { EVENT_DATE_ISO, EVENT_SHORT_NAME } from '../../content/event';
import { HERO } from '../../content/home';
import { ROUTES } from '../../content/navigation';
import { Logo } from './logo';
import { HERO_KICKER } from './section';

export function HomeHero() {
  return (
    <section
      aria-label={EVENT_SHORT_NAME}
      className="relative isolate overflow-hidden bg-[radial-gradient(ellipse_at_top,var(--color-brand)_-40%,transparent_60%)] pt-32 pb-10 sm:pt-44 sm:pb-16"
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-[-4rem] -z-10 hidden -translate-y-1/2 font-display text-[34rem] leading-none text-brand/15 select-none lg:block"
      >
        X
      </span>
      <div className="mx-auto max-w-6xl animate-hero-in px-5 sm:px-8">
        <p className={HERO_KICKER}>{HERO.kicker}</p>
        <h1 className="mt-4 text-[min(13vw,9rem)] leading-[0.9]">
          <Logo />
        </h1>
        <p className="mt-6 max-w-2xl text-lg font-medium text-paper/90 sm:text-2xl">
          {HERO.tagline}
        </p>
        <p className="mt-4 font-display text-2xl tracking-wide text-paper uppercase sm:text-3xl">
          <time dateTime={EVENT_DATE_ISO}>{HERO.date}</time>
          <span className="text-accent"> · {HERO.place}</span>
        </p>
        <a
          href={ROUTES.speakers}
          className="mt-10 inline-flex items-center gap-2 rounded-full bg-action px-7 py-4 text-base font-bold text-white shadow-lg shadow-brand/20 transition-colors hover:bg-action-hover"
        >
          {HERO.ctaLabel}
          <span aria-hidden="true">→</span>
        </a>
      </div>
    </section>
  );
}
