import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  /** Visible heading; the section is labelled by it. */
  title: string;
  kicker?: string;
  intro?: string;
  children?: ReactNode;
  className?: string;
}

/** The small red capitals over a list or a card (subheadings), and over a title (kickers). */
const CAPITALS = 'font-semibold uppercase tracking-[0.25em]';
export const SUBHEADING = `text-sm ${CAPITALS} text-accent`;
const KICKER = `text-xs ${CAPITALS} text-accent`;
/** A kicker on a hero's red glow, where text-accent is too close to it in light. */
export const HERO_KICKER = `text-xs ${CAPITALS} text-glow-accent`;

/** A page section with the house heading style. */
export function Section({ id, title, kicker, intro, children, className = '' }: SectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`py-16 sm:py-24 ${className}`}>
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        {kicker && <p className={`mb-3 ${KICKER}`}>{kicker}</p>}
        <h2 id={headingId} className="font-display text-4xl uppercase leading-tight sm:text-5xl">
          {title}
        </h2>
        {intro && <p className="mt-4 max-w-2xl text-lg text-muted">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
