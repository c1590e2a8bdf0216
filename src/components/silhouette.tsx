/** An anonymous head-and-shoulders placeholder with a slow red glow behind it. */
export function Silhouette() {
  return (
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
  );
}
