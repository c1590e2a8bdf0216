// The page's own blocking time, read from a Lighthouse run's trace: the audit's `own TBT`.
//
// Lighthouse's TBT (simulated) adds up the main thread's long tasks by their wall time, four times
// over. On a 2-core machine shared by Lighthouse, the browser's other processes and the server,
// the renderer often waits for a core in the middle of a task: in traces the wall time of its
// tasks was 2 to 10 times their CPU time. And the simulation counts the document's first task
// (committing the navigation: creating the page's script context with DevTools attached), which
// really ends before the first paint, as ending after it. Both fall on the one-paragraph floor
// as much as on any route, which is why the floor alone reads 8-350 ms. This counts the same way
// from the CPU time the page's main thread spent: what the page itself asks a slower phone to do.

/** The trace event fields read here (Chrome's trace event format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  /** Wall time and thread (CPU) time of a complete event, in microseconds. */
  dur?: number;
  tdur?: number;
}

const LONG_TASK_MS = 50;

/**
 * Blocking time in ms after the first contentful paint: for each top-level task of the page's
 * main thread (the thread that painted first), its CPU time after the paint (the share of a task
 * that spans it) times `slowdown`, less 50 ms. NaN without a first contentful paint.
 */
export function ownBlockingMs(events: readonly TraceEvent[], slowdown: number): number {
  const paints = events.filter((event) => event.name === 'firstContentfulPaint');
  const paint = paints[paints.length - 1];
  if (!paint) return Number.NaN;
  const tasks = events
    .filter(
      (event) =>
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.pid === paint.pid &&
        event.tid === paint.tid &&
        event.ts + (event.dur ?? 0) > paint.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  let blocking = 0;
  let end = -Infinity;
  for (const task of tasks) {
    const dur = task.dur ?? 0;
    if (task.ts < end || dur <= 0) continue; // a task run inside another one is part of it
    end = task.ts + dur;
    const afterPaint = (end - Math.max(task.ts, paint.ts)) / dur;
    const cpuMs = ((task.tdur ?? 0) * afterPaint) / 1000;
    blocking += Math.max(0, cpuMs * slowdown - LONG_TASK_MS);
  }
  return blocking;
}
