import { CONTINENT_STATS } from '../../content/home';
import { Section } from './section';

export function ContinentStats() {
  return (
    <Section title={CONTINENT_STATS.title} kicker="Africa, by the numbers">
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {CONTINENT_STATS.items.map((item) => (
          <li key={item.value} className="border-l-4 border-brand pl-6">
            <p className="font-display text-6xl text-paper sm:text-7xl">{item.value}</p>
            <p className="mt-3 text-lg text-paper/85">{item.label}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
