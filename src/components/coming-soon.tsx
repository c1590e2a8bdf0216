import { COMING_SOON } from '../../content/home';

export function ComingSoon() {
  return (
    <section aria-labelledby="coming-soon-heading" className="bg-action py-14 text-white sm:py-20">
      <div className="mx-auto max-w-6xl px-5 text-center sm:px-8">
        <h2
          id="coming-soon-heading"
          className="font-display text-[clamp(3rem,12vw,7rem)] leading-none uppercase"
        >
          {COMING_SOON.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg font-medium">{COMING_SOON.body}</p>
      </div>
    </section>
  );
}
