export interface SectionBox {
  id: string;
  /** Distance from the top of the document to the section's top edge, in px. */
  top: number;
  /** Distance from the top of the document to the section's bottom edge, in px. */
  bottom: number;
}

interface ScrollState {
  scrollY: number;
  viewportHeight: number;
  documentHeight: number;
}

/**
 * The section the navigation marks active: of the sections that contain the probe line
 * (`scrollY + offset`), the last in list order, so a nested section listed after its parent
 * (media-press inside organizing-team) wins. Null when the line is in no listed section.
 *
 * Once the page cannot scroll further, a section near the bottom may never reach the probe
 * line; then the last listed section whose top is on screen wins instead, unless the visitor
 * asked for one of the sections on screen (`targetId`, the URL's hash): clicking 'Meet the Team'
 * should not light up 'Press & Media' just because both fit on the last screen.
 */
export function chooseActiveSection(
  sections: readonly SectionBox[],
  { scrollY, viewportHeight, documentHeight }: ScrollState,
  offset: number,
  targetId: string | null = null,
): string | null {
  const probe = scrollY + offset;
  let active: string | null = null;
  for (const section of sections) {
    if (section.top <= probe && probe < section.bottom) active = section.id;
  }
  const isAtBottom = scrollY > 0 && scrollY + viewportHeight >= documentHeight - 1;
  if (!isAtBottom) return active;
  const candidates = active === null ? [] : [active];
  for (const section of sections) {
    if (section.top > probe && section.top < scrollY + viewportHeight) {
      candidates.push(section.id);
    }
  }
  if (targetId !== null && candidates.includes(targetId)) return targetId;
  return candidates.at(-1) ?? null;
}
