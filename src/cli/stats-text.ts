import type { UtmParam } from '../features/stats/hit-params.ts';
import { statsMessages } from '../features/stats/messages.ts';
import type { StatsReport, ValueRow } from '../features/stats/stats-report.ts';
import { escapeForTerminal } from './terminal-text.ts';

type Column = {
  heading: string;
  /** Numbers are right-aligned and written with thousands separators. */
  numeric?: boolean;
  /** Longer text is cut to this many characters, ending in "…". */
  maxWidth?: number;
};

type Cell = string | number | null;

const textWidth = (text: string) => [...text].length;

function cellText(cell: Cell, column: Column): string {
  if (typeof cell === 'number') return cell.toLocaleString('en-US');
  // Visitors' text is escaped before it is measured and cut: the escapes are what is shown.
  const text = escapeForTerminal(cell ?? '');
  const max = column.maxWidth;
  if (max === undefined || textWidth(text) <= max) return text;
  return `${[...text].slice(0, max - 1).join('')}…`;
}

/** A titled table with aligned columns; "(none)" when it has no rows. */
export function textTable(
  title: string,
  columns: Column[],
  rows: Cell[][],
  options: { headings?: boolean } = {},
): string {
  const headings = options.headings ?? true;
  if (rows.length === 0) return `${title}\n  ${statsMessages.noRows}\n`;
  const texts = rows.map((row) => columns.map((column, i) => cellText(row[i] ?? null, column)));
  const widths = columns.map((column, i) =>
    Math.max(
      headings ? textWidth(column.heading) : 0,
      ...texts.map((row) => textWidth(row[i] ?? '')),
    ),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        const pad = ' '.repeat(Math.max(0, width - textWidth(cell)));
        return columns[i]?.numeric ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [
    title,
    ...(headings
      ? [
          `  ${line(columns.map((column) => column.heading))}`,
          `  ${widths.map((width) => '─'.repeat(width)).join('  ')}`,
        ]
      : []),
    ...texts.map((row) => `  ${line(row)}`),
    '',
  ].join('\n');
}

/** Word-wraps text to lines of at most `width` characters, each starting with `indent`. */
function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && textWidth(indent + line) + 1 + textWidth(word) > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

const views: Column = { heading: 'views', numeric: true };
const visitors: Column = { heading: 'visitors', numeric: true };

const utmTitles: Record<UtmParam, string> = {
  utm_source: 'Campaign sources (utm_source)',
  utm_medium: 'Campaign media (utm_medium)',
  utm_campaign: 'Campaigns (utm_campaign)',
  utm_term: 'Campaign terms (utm_term)',
  utm_content: 'Campaign content (utm_content)',
};

function valueTable(title: string, heading: string, rows: ValueRow[], maxWidth = 60): string {
  return textTable(
    title,
    [{ heading, maxWidth }, views, visitors],
    rows.map((row) => [row.value, row.views, row.visitors]),
  );
}

/**
 * The report as plain text for a terminal: totals, the daily series and the top lists as
 * aligned tables. Everything a visitor could have sent is passed through escapeForTerminal.
 */
export function formatStatsReport(report: StatsReport): string {
  const { period, totals } = report;
  const sections = [
    `${statsMessages.heading(period.from, period.to, period.days)}\n`,
    ...(Object.keys(report.filters).length > 0
      ? [
          `${statsMessages.filteredBy(
            Object.entries(report.filters)
              .map(([name, value]) => `${name}=${escapeForTerminal(value)}`)
              .join(', '),
          )}\n`,
        ]
      : []),
    textTable(
      'Totals',
      [{ heading: '' }, { heading: '', numeric: true }],
      [
        ['Page views', totals.pageViews],
        ['Visitors', totals.visitors],
        ['Events', totals.events],
      ],
      { headings: false },
    ),
    `${wrap(statsMessages.visitorsNote, 96, '  ')}\n`,
    textTable(
      'Daily',
      [
        { heading: 'date' },
        { heading: 'page views', numeric: true },
        visitors,
        { heading: 'events', numeric: true },
      ],
      report.daily.map((day) => [day.date, day.pageViews, day.visitors, day.events]),
    ),
    textTable(
      'Top pages',
      [{ heading: 'path', maxWidth: 50 }, { heading: 'title', maxWidth: 40 }, views, visitors],
      report.pages.map((page) => [
        page.path,
        page.title ?? statsMessages.noTitle,
        page.views,
        page.visitors,
      ]),
    ),
    textTable(
      'Referrers',
      [{ heading: 'host', maxWidth: 60 }, views, visitors],
      report.referrers.map((row) => [
        row.host ?? statsMessages.directReferrer,
        row.views,
        row.visitors,
      ]),
    ),
    ...(Object.keys(utmTitles) as UtmParam[]).map((param) =>
      valueTable(utmTitles[param], param.slice('utm_'.length), report.utm[param]),
    ),
    valueTable('Advertising click ids', 'click id', report.clickIds),
    textTable(
      'Events',
      [
        { heading: 'category', maxWidth: 30 },
        { heading: 'action', maxWidth: 30 },
        { heading: 'label', maxWidth: 40 },
        { heading: 'count', numeric: true },
        visitors,
        { heading: 'value total', numeric: true },
      ],
      report.events.map((event) => [
        event.category,
        event.action,
        event.label ?? '',
        event.count,
        event.visitors,
        event.valueTotal,
      ]),
    ),
    valueTable('Screen sizes', 'size', report.screens),
    textTable(
      'Dropped hits',
      [
        { heading: 'reason', maxWidth: 40 },
        { heading: 'hits', numeric: true },
      ],
      report.drops.map((drop) => [drop.reason, drop.count]),
    ),
  ];
  return sections.join('\n');
}
