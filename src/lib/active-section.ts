export interface SectionBox {
  id: string;
  /** Distance from the top of the document to the section's top edge, in px. */
  top: number;
  /** Distance from the top of the document to the section's bottom edge, in px. */
  bottom: number;
}

export interface ScrollState {
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
 * line; then the last listed section whose top is on screen wins instead.
 */
export function chooseActiveSection(
  sections: readonly SectionBox[],
  { scrollY, viewportHeight, documentHeight }: ScrollState,
  offset: number,
): string | null {
  const probe = scrollY + offset;
  let active: string | null = null;
  for (const section of sections) {
    if (section.top <= probe && probe < section.bottom) active = section.id;
  }
  const isAtBottom = scrollY > 0 && scrollY + viewportHeight >= documentHeight - 1;
  if (isAtBottom) {
    for (const section of sections) {
      if (section.top > probe && section.top < scrollY + viewportHeight) active = section.id;
    }
  }
  return active;
}
