import { useSyncExternalStore } from 'react';
import { LAUNCH_AT_MS } from '../../content/event';
import { COUNTDOWN_UNITS } from '../../content/home';
import { timeLeft } from '../lib/time-left';
import { withErrorBoundary } from './error-boundary';

/** A tick a second: the boxes count seconds. */
function subscribe(onTick: () => void): () => void {
  const timer = window.setInterval(onTick, 1000);
  return () => window.clearInterval(timer);
}

/** Whole seconds: a stable snapshot that changes once per tick. */
const currentSecond = () => Math.floor(Date.now() / 1000);

/**
 * Four boxes: days, hours, minutes, seconds. The prerendered HTML and the hydration render show
 * '--' (the server snapshot); the live values follow right after, in fixed-width digits.
 */
export function Countdown() {
  const second = useSyncExternalStore(subscribe, currentSecond, () => null);
  const left = second === null ? null : timeLeft(second * 1000, LAUNCH_AT_MS);
  const values = left ? [left.days, left.hours, left.minutes, left.seconds] : null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-5">
      {COUNTDOWN_UNITS.map((unit, index) => (
        <li
          key={unit}
          className="flex flex-col items-center rounded-xl border border-line bg-surface px-3 py-5 sm:py-7"
        >
          <span className="font-display text-5xl tabular-nums leading-none sm:text-6xl">
            {values ? String(values[index]).padStart(2, '0') : '--'}
          </span>
          <span className="mt-3 text-xs font-semibold uppercase tracking-[0.2em] text-muted">
            {unit}
          </span>
        </li>
      ))}
    </ul>
  );
}

export const CountdownIsland = withErrorBoundary(Countdown);
