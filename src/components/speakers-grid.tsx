import { categoryText, SPEAKERS, SPEAKERS_GRID_TITLE } from '../../content/speakers';
import { SpeakerCard } from './speaker-card';

export function SpeakersGrid() {
  return (
    <section aria-labelledby="speakers-grid-heading" className="pb-16 sm:pb-24">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <h2 id="speakers-grid-heading" className="sr-only">
          {SPEAKERS_GRID_TITLE}
        </h2>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {SPEAKERS.map((speaker, index) => (
            <li key={`${categoryText(speaker.category)}-${index}`}>
              <SpeakerCard speaker={speaker} index={index} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
