// The progress bar on stderr while a campaign sends: count, rate and time left, redrawn in place
// a few times a second. Only on a terminal: a log file gets the summary line alone.
import { writeRaw } from '../../run-command.ts';
import { formatCount } from '../../output/say.ts';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const mmss = `${String(m).padStart(h ? 2 : 1, '0')}:${String(s % 60).padStart(2, '0')}`;
  return h ? `${h}:${mmss}` : mmss;
};

export function formatProgress(done: number, total: number, elapsedMs: number, width = 24) {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(share * width);
  const perSecond = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const left = perSecond > 0 ? clock((total - done) / perSecond) : '--:--';
  return (
    `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${formatCount(done)}/${formatCount(total)}` +
    `  ${perSecond.toFixed(perSecond < 10 ? 1 : 0)}/s  ${left} left`
  );
}

export function progressBar(total: number) {
  const stream = process.stderr;
  if (!stream.isTTY) return { update() {}, stop() {} };
  const started = performance.now();
  let done = 0;
  const draw = () =>
    writeRaw(stream, `\r${formatProgress(done, total, performance.now() - started)}\x1b[K`);
  const timer = setInterval(draw, 200);
  draw();
  return {
    update(n: number) {
      done = n;
    },
    stop() {
      clearInterval(timer);
      draw();
      stream.write('\n');
    },
  };
}
