import { describe, expect, it } from 'vitest';
import { chooseActiveSection, type SectionBox } from './active-section';

const SECTIONS: SectionBox[] = [
  { id: 'about-section', top: 1000, bottom: 1800 },
  { id: 'organizing-team', top: 3000, bottom: 4000 },
  { id: 'media-press', top: 3600, bottom: 3900 },
];

const DOCUMENT_HEIGHT = 4100;
const at = (scrollY: number, viewportHeight = 800) => ({
  scrollY,
  viewportHeight,
  documentHeight: DOCUMENT_HEIGHT,
});

describe('chooseActiveSection', () => {
  it('is null above the first section', () => {
    expect(chooseActiveSection(SECTIONS, at(0), 150)).toBeNull();
  });

  it('applies the offset: active once the top is within 150 px of the viewport top', () => {
    expect(chooseActiveSection(SECTIONS, at(849), 150)).toBeNull();
    expect(chooseActiveSection(SECTIONS, at(850), 150)).toBe('about-section');
  });

  it('is null between sections', () => {
    expect(chooseActiveSection(SECTIONS, at(2000), 150)).toBeNull();
  });

  it('prefers the nested section listed later', () => {
    expect(chooseActiveSection(SECTIONS, at(2900, 400), 150)).toBe('organizing-team');
    expect(chooseActiveSection(SECTIONS, at(3500, 400), 150)).toBe('media-press');
  });

  it('at the bottom of the page, picks the last section whose top is on screen', () => {
    // 3300 + 800 = 4100: cannot scroll further; media-press (3600) is on screen but below the probe.
    expect(chooseActiveSection(SECTIONS, at(3298), 150)).toBe('organizing-team');
    expect(chooseActiveSection(SECTIONS, at(3300), 150)).toBe('media-press');
  });

  it('at the bottom of the page, the section the visitor asked for wins among those on screen', () => {
    expect(chooseActiveSection(SECTIONS, at(3300), 150, 'organizing-team')).toBe('organizing-team');
    expect(chooseActiveSection(SECTIONS, at(3300), 150, 'media-press')).toBe('media-press');
    // A target that is not on screen changes nothing.
    expect(chooseActiveSection(SECTIONS, at(3300), 150, 'about-section')).toBe('media-press');
    // Away from the bottom, the scroll position alone decides.
    expect(chooseActiveSection(SECTIONS, at(850), 150, 'media-press')).toBe('about-section');
  });
});
