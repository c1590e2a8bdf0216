// The web manifest (name, icons and colours for "Add to Home screen") is for after the first
// paint: linked from the head, browsers fetch it while the page is still loading.
import { afterFirstPaint } from './after-first-paint';

export const MANIFEST_PATH = '/manifest.webmanifest';

/** Links the manifest once the first paint is on screen (without JavaScript, a <noscript> does). */
export function linkManifest(): void {
  afterFirstPaint(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_PATH;
    document.head.append(link);
  });
}
