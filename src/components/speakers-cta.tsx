import { SECTION_IDS } from '../../content/navigation';
import { SPEAKERS_CTA } from '../../content/speakers';
import { SaveTheDate } from './save-the-date';

export function SpeakersCta() {
  return (
    <section aria-labelledby="speakers-cta-heading" className="pb-20 sm:pb-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="rounded-3xl border border-brand/60 bg-[radial-gradient(ellipse_at_bottom,var(--color-brand)_-60%,var(--color-surface)_65%)] p-8 text-center sm:p-14">
          <h2
            id="speakers-cta-heading"
            className="font-display text-4xl uppercase leading-tight sm:text-6xl"
          >
            {SPEAKERS_CTA.title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-paper/90">{SPEAKERS_CTA.body}</p>
          <a
            href={`/#${SECTION_IDS.emailSignup}`}
            className="mt-8 inline-flex rounded-full bg-action px-8 py-4 font-bold text-white transition-colors hover:bg-action-hover"
          >
            {SPEAKERS_CTA.linkLabel}
          </a>
          <SaveTheDate className="mt-8" />
        </div>
      </div>
    </section>
  );
}
