import type { ReactNode } from 'react';

interface AboutCardProps {
  id: string;
  title: string;
  paragraphs: readonly string[];
  children?: ReactNode;
}

/** A large card; the title's last word (TED, TEDx) is set in the brand red. */
export function AboutCard({ id, title, paragraphs, children }: AboutCardProps) {
  const words = title.split(' ');
  const last = words.pop();
  const lead = words.join(' ');
  return (
    <article aria-labelledby={id} className="rounded-3xl border border-line bg-surface p-7 sm:p-12">
      <h2 id={id} className="font-display text-4xl sm:text-5xl">
        {lead} <span className="text-brand">{last}</span>
      </h2>
      <div className="mt-6 space-y-4 text-lg text-paper/85">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {children}
    </article>
  );
}
