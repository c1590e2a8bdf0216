// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SPEAKERS } from '../../content/speakers';
import { SpeakerCard } from './speaker-card';

afterEach(cleanup);

describe('SpeakerCard', () => {
  it('shows the two areas of its category joined by a bar', () => {
    const speaker = { ...SPEAKERS[0], category: ['Marketing', 'Media'] as const };
    render(<SpeakerCard speaker={speaker} index={0} />);
    const card = screen.getByRole('article', { name: 'Speaker 1: Marketing | Media' });
    const label = [...card.querySelectorAll('p')].find(
      (p) => p.textContent === 'Marketing | Media',
    );
    expect(label, 'a line reading exactly "Marketing | Media"').toBeDefined();
  });

  it("holds this edition's nine categories, each two areas (content/speakers.ts)", () => {
    expect(SPEAKERS.map((speaker) => speaker.category.join(' | '))).toEqual([
      'Marketing | Media',
      'Tech | Entrepreneurship',
      'Entrepreneurship | Investment',
      'Entertainment | Arts',
      'Tech | Social Impact',
      'Business | Leadership',
      'Entrepreneurship | Business',
      'Student Voice | Innovation',
      'Student Voice | Innovation',
    ]);
  });
});
