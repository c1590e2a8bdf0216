// One Markdown table for the figures that `npm run audit` and `npm run bench` print, so they can
// be pasted into docs/performance.md as they are.

export function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => row[i].length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** 0.856 -> `86%`. */
export const pct = (share: number) => `${(share * 100).toFixed(0)}%`;
/** A resident-memory figure, or `n/a` when it could not be read. */
export const mb = (megabytes: number | null) =>
  megabytes === null ? 'n/a' : `${megabytes.toFixed(0)} MB`;
