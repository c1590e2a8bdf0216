import { describe, expect, it } from 'vitest';
import { chooseActiveSection, type SectionBox } from './active-section';

const SECTIONS: SectionBox[] = [
  { id: 'about-section', top: 1000, bottom: 1800 },
  { id: 'organizing-team', top: 3000, bottom: 4000 },
  { id: 'media-press', top: 3600, bottom: 3900 },
];

describe('chooseActiveSection', () => {
  it('is null above the first section', () => {
    expect(chooseActiveSection(SECTIONS, 0, 150)).toBeNull();
  });

  it('applies the offset: active once the top is within 150 px of the viewport top', () => {
    expect(chooseActiveSection(SECTIONS, 849, 150)).toBeNull();
    expect(chooseActiveSection(SECTIONS, 850, 150)).toBe('about-section');
  });

  it('is null between sections', () => {
    expect(chooseActiveSection(SECTIONS, 2000, 150)).toBeNull();
  });

  it('prefers the nested section listed later', () => {
    expect(chooseActiveSection(SECTIONS, 3000, 150)).toBe('organizing-team');
    expect(chooseActiveSection(SECTIONS, 3500, 150)).toBe('media-press');
    expect(chooseActiveSection(SECTIONS, 3800, 150)).toBe('organizing-team');
  });
});
