import type { TextTable } from './benchmark.ts';

const numeric = /^[≥≤]?\s?[-+]?[\d,.]+(\s?[%\w/]+)?$/;

/** Renders a table with aligned columns; numbers are right-aligned. */
export function renderTable(table: TextTable): string {
  const [header, ...body] = table.rows;
  if (!header) return `${table.title}\n(no rows)\n`;
  const widths = header.map((_, column) =>
    Math.max(...table.rows.map((row) => [...(row[column] ?? '')].length)),
  );
  const line = (row: string[], alignNumbers: boolean) =>
    row
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return alignNumbers && numeric.test(cell) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [
    table.title,
    line(header, false),
    rule,
    ...body.map((row) => line(row, true)),
    ...table.notes.map((note) => `  ${note}`),
    '',
  ].join('\n');
}
