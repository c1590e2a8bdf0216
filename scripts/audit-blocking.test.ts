import { describe, expect, it } from 'vitest';
import { ownBlockingMs, type TraceEvent } from './audit-blocking.ts';

const MAIN = { pid: 1, tid: 1 };
const paint: TraceEvent = { name: 'firstContentfulPaint', ph: 'I', ...MAIN, ts: 1_000_000 };
/** A task at `atMs` (from the trace's start) of `wallMs` wall time and `cpuMs` CPU time. */
const task = (atMs: number, wallMs: number, cpuMs: number, where = MAIN): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  ts: atMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe('ownBlockingMs', () => {
  it('counts CPU time after the first paint, times the slowdown, less 50 ms a task', () => {
    // 20 ms of CPU x4 = 80 ms: 30 ms blocking, however long the task waited for a core.
    expect(ownBlockingMs([paint, task(1100, 90, 20)], 4)).toBeCloseTo(30);
    // Under 12.5 ms of CPU blocks nothing at x4.
    expect(ownBlockingMs([paint, task(1100, 90, 12)], 4)).toBe(0);
    expect(ownBlockingMs([paint, task(1100, 20, 20), task(1200, 30, 30)], 4)).toBeCloseTo(100);
  });

  it('leaves out what ran before the paint, and counts the part after it of a task that spans it', () => {
    expect(ownBlockingMs([paint, task(900, 80, 40)], 4)).toBe(0);
    // Half of the task's wall time is after the paint: half of its 40 ms of CPU.
    expect(ownBlockingMs([paint, task(980, 40, 40)], 4)).toBeCloseTo(30);
  });

  it("reads only the painting thread's top-level tasks", () => {
    const other = { pid: 2, tid: 1 };
    const nested = task(1105, 10, 10);
    expect(ownBlockingMs([paint, task(1100, 20, 20), nested, task(1100, 40, 40, other)], 4)).toBe(
      30,
    );
  });

  it('is NaN when the trace has no first contentful paint', () => {
    expect(ownBlockingMs([task(1100, 90, 20)], 4)).toBeNaN();
  });
});
