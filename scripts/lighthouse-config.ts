// The Lighthouse config `npm run audit` runs: Lighthouse's defaults and `cpu-blocking-time`
// (docs/decisions/0027-blocking-time-from-cpu-time.md).
import { Audit } from 'lighthouse';
import type AuditTypes from 'lighthouse/types/audit.js';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { ProcessedNavigation } from 'lighthouse/core/computed/processed-navigation.js';

/** Lighthouse's long-task threshold: what a task runs past it is blocking time. */
const LONG_TASK_MS = 50;

/** A task's wall times (ms from the time origin) and the CPU time its thread spent in it (ms). */
type TaskTimes = { start: number; end: number; cpu: number };

/** Lighthouse's sum (TBTUtils.calculateSumOfBlockingTime) with CPU time for wall time, to the
 * end of the trace (decision 0027 says how each task counts). */
export function blockingTime(tasks: TaskTimes[], fcp: number, slowdown: number) {
  let sum = 0;
  for (const { start, end, cpu } of tasks) {
    if (end <= fcp) continue;
    const after = start >= fcp ? 1 : (end - fcp) / (end - start);
    sum += Math.max(0, cpu * after * slowdown - LONG_TASK_MS);
  }
  return sum;
}

class CpuBlockingTime extends Audit {
  static override get meta(): AuditTypes.Meta {
    return {
      id: 'cpu-blocking-time',
      title: 'Total blocking time from the main thread’s CPU time',
      description:
        'Lighthouse’s total blocking time (mobile, 4x CPU slowdown), counted from the CPU time of ' +
        'each main-thread task rather than its wall time, which the machine’s other work inflates.',
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      requiredArtifacts: ['Trace'],
    };
  }

  static override async audit(
    artifacts: { Trace: Parameters<typeof MainThreadTasks.request>[0] },
    context: Parameters<typeof MainThreadTasks.request>[1],
  ): Promise<AuditTypes.Product> {
    const tasks = await MainThreadTasks.request(artifacts.Trace, context);
    const { timings } = await ProcessedNavigation.request(artifacts.Trace, context);
    // No paint at all: every task counts.
    const fcp = timings.firstContentfulPaint ?? 0;
    const slowdown = context.settings.throttling.cpuSlowdownMultiplier;
    const times = tasks
      .filter((task) => !task.parent)
      .map((task) => ({
        start: task.startTime,
        end: task.endTime,
        // Chromium records each task's thread time (tdur, µs); without it, the wall time.
        cpu: ((task.event as { tdur?: number }).tdur ?? task.event.dur ?? 0) / 1000,
      }));
    const value = blockingTime(times, fcp, slowdown);
    return {
      score: null,
      numericValue: value,
      numericUnit: 'millisecond',
      displayValue: `${Math.round(value)} ms`,
    };
  }
}

/** Lighthouse runs only the audits a category names: listed in performance's, with no weight, so
 * the score stays Lighthouse's own. */
export default {
  extends: 'lighthouse:default',
  audits: [CpuBlockingTime],
  categories: { performance: { auditRefs: [{ id: 'cpu-blocking-time', weight: 0 }] } },
};
