import type { SpeakerTeaser } from '../content/speakers';
import { categoryText, SPEAKER_REVEAL_TEXT } from '../content/speakers';
import { Silhouette } from './silhouette';

// Stagger: 0.1 s per card index. Whole class names, so Tailwind finds them.
const STAGGER = [
  'delay-0',
  'delay-100',
  'delay-200',
  'delay-300',
  'delay-400',
  'delay-500',
  'delay-600',
  'delay-700',
  'delay-800',
] as const;

interface SpeakerCardProps {
  speaker: SpeakerTeaser;
  index: number;
}

export function SpeakerCard({ speaker, index }: SpeakerCardProps) {
  const [first, second] = speaker.category;
  return (
    <article
      className={`reveal ${STAGGER[index % STAGGER.length]} flex h-full flex-col rounded-2xl border border-line bg-surface p-5`}
      aria-label={`Speaker ${index + 1}: ${categoryText(speaker.category)}`}
    >
      <Silhouette />
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
