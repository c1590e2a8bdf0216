import { ROUTES } from '../../content/navigation';

export function NotFound() {
  return (
    <section className="flex min-h-[70vh] items-center justify-center px-5 pt-24 pb-16 text-center">
      <div className="animate-hero-in">
        <h1 className="font-display text-[clamp(6rem,30vw,12rem)] leading-none text-brand">404</h1>
        <p className="mt-4 text-2xl font-bold">Oops! Page not found</p>
        <a
          href={ROUTES.home}
          className="mt-8 inline-flex rounded-full bg-action px-8 py-4 font-bold text-white transition-colors hover:bg-action-hover"
        >
          Return to Home
        </a>
      </div>
    </section>
  );
}
