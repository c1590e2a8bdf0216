// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAUNCH_AT_MS as LAUNCH } from '../../content/event';
import { Countdown } from './countdown';

function boxes() {
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Countdown', () => {
  it('prerenders dashes, so the server HTML never disagrees with the client', () => {
    vi.setSystemTime(LAUNCH - 1000);
    const html = renderToString(<Countdown />);
    expect(html.match(/--/g)).toHaveLength(4);
  });

  it('shows two-digit days, hours, minutes and seconds and ticks every second', () => {
    vi.setSystemTime(LAUNCH - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000);
    render(<Countdown />);
    expect(boxes()).toEqual(['02Days', '03Hours', '04Minutes', '05Seconds']);
    act(() => vi.advanceTimersByTime(1000));
    expect(boxes()).toEqual(['02Days', '03Hours', '04Minutes', '04Seconds']);
  });

  it('reads all zero at and after launch', () => {
    vi.setSystemTime(LAUNCH + 5000);
    render(<Countdown />);
    expect(boxes()).toEqual(['00Days', '00Hours', '00Minutes', '00Seconds']);
  });
});
