import { useSyncExternalStore } from 'react';
import { chooseActiveSection, type SectionBox } from '../lib/active-section';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
    window.removeEventListener('hashchange', onChange);
  };
}

/** The section id in the URL's hash, or null; a malformed escape is no target, not a crash. */
export function hashTarget(): string | null {
  try {
    return decodeURIComponent(window.location.hash.slice(1)) || null;
  } catch {
    return null;
  }
}

function measure(ids: readonly string[]): SectionBox[] {
  const boxes: SectionBox[] = [];
  for (const id of ids) {
    const element = document.getElementById(id);
    if (!element) continue;
    const rect = element.getBoundingClientRect();
    boxes.push({ id, top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY });
  }
  return boxes;
}

/**
 * The id of the section under the probe line `offset` px below the viewport top, tracked on
 * scroll. Null on the server and in the hydration render, so the prerendered HTML matches.
 */
export function useActiveSection(ids: readonly string[], offset: number): string | null {
  return useSyncExternalStore(
    subscribe,
    () =>
      chooseActiveSection(
        measure(ids),
        {
          scrollY: window.scrollY,
          viewportHeight: window.innerHeight,
          documentHeight: document.documentElement.scrollHeight,
        },
        offset,
        hashTarget(),
      ),
    () => null,
  );
}
