// What the first paint does not need waits for it: Lighthouse counts every request that has
// finished before the largest paint as part of it, and on a slow connection such a request takes
// bandwidth from the page itself (docs/decisions/0003-display-font-after-first-paint.md).

let firstPaint: Promise<unknown> | undefined;

function paintedAndLoaded(): Promise<unknown> {
  const painted =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
      ? new Promise<void>((resolve) => {
          new PerformanceObserver((list, observer) => {
            if (!list.getEntriesByName('first-contentful-paint').length) return;
            observer.disconnect();
            resolve();
          }).observe({ type: 'paint', buffered: true });
        })
      : Promise.resolve();
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => addEventListener('load', () => resolve(), { once: true }));
  return Promise.all([painted, loaded]);
}

/**
 * Calls `run` once the first contentful paint is on screen and the page has loaded (either can
 * come first), a task later. Where Paint Timing is missing, the load event stands in. Every
 * caller waits on the same observer and listener.
 */
export function afterFirstPaint(run: () => void): void {
  firstPaint ??= paintedAndLoaded();
  void firstPaint.then(() => setTimeout(run));
}
