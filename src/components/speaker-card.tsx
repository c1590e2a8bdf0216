import type { SpeakerTeaser } from '../../content/speakers';
import { categoryText, SPEAKER_REVEAL_TEXT } from '../../content/speakers';

// Stagger: 0.1 s per card index, from delay-0 to delay-800 (global.css has Tailwind make those).
const STAGGER_STEPS = 9;

interface SpeakerCardProps {
  speaker: SpeakerTeaser;
  index: number;
}

export function SpeakerCard({ speaker, index }: SpeakerCardProps) {
  const [first, second] = speaker.category;
  return (
    <article
      className={`reveal delay-${(index % STAGGER_STEPS) * 100} flex h-full flex-col rounded-2xl border border-line bg-surface p-5`}
      aria-label={`Speaker ${index + 1}: ${categoryText(speaker.category)}`}
    >
      {/* An anonymous head-and-shoulders placeholder with a slow red glow behind it. */}
      <div
        aria-hidden="true"
        className="relative flex aspect-[4/3] items-end justify-center overflow-hidden rounded-xl bg-ink"
      >
        <div className="absolute inset-0 animate-glow bg-[radial-gradient(circle_at_50%_60%,var(--color-brand),transparent_60%)]" />
        <svg viewBox="0 0 120 100" className="relative h-4/5 fill-surface-raised">
          <circle cx="60" cy="36" r="22" />
          <path d="M14 100c0-28 20-44 46-44s46 16 46 44z" />
        </svg>
        <span className="absolute top-3 right-4 font-display text-4xl text-paper/15">?</span>
      </div>
      <p className="mt-5 text-xs font-semibold uppercase tracking-[0.2em] text-accent">
        {first}{' '}
        <span className="whitespace-nowrap">
          <span className="text-muted">|</span> {second}
        </span>
      </p>
      <blockquote className="mt-3 text-lg font-semibold leading-snug">
        “{speaker.achievement}”
      </blockquote>
      <p className="mt-3 mb-5 text-muted italic">{speaker.tease}</p>
      <p className="mt-auto border-t border-line pt-4 text-xs font-semibold text-balance uppercase tracking-[0.2em] text-paper/80">
        {SPEAKER_REVEAL_TEXT}
      </p>
    </article>
  );
}
