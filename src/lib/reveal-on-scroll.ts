/**
 * Adds `is-visible` to each `.reveal` element the first time it scrolls into view; CSS does the
 * fade and slide. Runs once per element. Where IntersectionObserver is missing, shows all.
 */
export function revealOnScroll(selector = '.reveal'): void {
  const elements = document.querySelectorAll(selector);
  if (!('IntersectionObserver' in window)) {
    elements.forEach((element) => element.classList.add('is-visible'));
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('is-visible');
        observer.unobserve(entry.target);
      }
    },
    { threshold: 0.15 },
  );
  elements.forEach((element) => observer.observe(element));
}
