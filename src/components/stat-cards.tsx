import { STATS } from '../../content/home';

export function StatCards() {
  return (
    <section aria-label="The event in numbers" className="py-12 sm:py-16">
      <ul className="mx-auto grid max-w-6xl gap-4 px-5 sm:grid-cols-3 sm:gap-6 sm:px-8">
        {STATS.map((stat) => (
          <li
            key={stat.label}
            className="rounded-2xl border border-line bg-surface p-6 text-center sm:p-8"
          >
            <p className="font-display text-6xl text-brand sm:text-7xl">{stat.value}</p>
            <p className="mt-2 text-sm font-semibold text-balance uppercase tracking-[0.15em] text-paper">
              {stat.label}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
