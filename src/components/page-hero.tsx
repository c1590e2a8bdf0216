import type { ReactNode } from 'react';
import { HERO_KICKER } from './section';

interface PageHeroProps {
  kicker?: string;
  title: string;
  /** The paragraph under the title, in the inner pages' intro style. */
  body?: string;
  children?: ReactNode;
}

/** The opening of an inner page: a big title that fades in (0.8 s). */
export function PageHero({ kicker, title, body, children }: PageHeroProps) {
  return (
    <header className="bg-[radial-gradient(ellipse_at_top,var(--color-brand)_-50%,transparent_60%)] pt-32 pb-12 sm:pt-44 sm:pb-16">
      <div className="mx-auto max-w-6xl animate-hero-in px-5 sm:px-8">
        {kicker && <p className={HERO_KICKER}>{kicker}</p>}
        <h1 className="mt-4 font-display text-[clamp(2.75rem,10vw,6.5rem)] leading-[0.95]">
          {title}
        </h1>
        {body && <p className="mt-6 max-w-2xl text-lg text-paper/85">{body}</p>}
        {children}
      </div>
    </header>
  );
}
