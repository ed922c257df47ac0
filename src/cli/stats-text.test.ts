import { describe, expect, it } from 'vitest';
import type { StatsReport } from '../features/stats/stats-report.ts';
import { formatStatsReport, textTable } from './stats-text.ts';

const emptyUtm = {
  utm_source: [],
  utm_medium: [],
  utm_campaign: [],
  utm_term: [],
  utm_content: [],
};

const report: StatsReport = {
  period: { from: '2026-11-21', to: '2026-11-22', days: 2 },
  filters: {},
  totals: { pageViews: 12_345, visitors: 678, events: 9 },
  daily: [
    { date: '2026-11-21', pageViews: 12_000, visitors: 600, events: 9 },
    { date: '2026-11-22', pageViews: 345, visitors: 78, events: 0 },
  ],
  pages: [
    {
      path: '/\u001b[2J<script>alert(1)</script>',
      title: 'Owned\u001b]0;x\u0007',
      views: 40,
      visitors: 3,
    },
    { path: `/${'long-'.repeat(20)}`, title: null, views: 7, visitors: 7 },
  ],
  referrers: [
    { host: null, views: 30, visitors: 2 },
    { host: 'evil\u009b2J.example', views: 5, visitors: 1 },
  ],
  utm: { ...emptyUtm, utm_campaign: [{ value: 'spring\u202esale', views: 3, visitors: 1 }] },
  clickIds: [],
  events: [
    { category: 'video', action: 'play', label: null, count: 9, visitors: 4, valueTotal: -30 },
  ],
  screens: [{ value: '1280x800', views: 45, visitors: 3 }],
  drops: [{ reason: 'bot', count: 1_000 }],
};

describe('the text report', () => {
  const text = formatStatsReport(report);

  it('never lets a visitor’s text reach the terminal as control characters', () => {
    const unsafe = [...text].filter((c) => c !== '\n' && /[\p{Cc}\u202a-\u202e]/u.test(c));
    expect(unsafe).toEqual([]);
    expect(text).toContain('/\\x1b[2J<script>alert(1)</script>');
    expect(text).toContain('Owned\\x1b]0;x\\x07');
    expect(text).toContain('evil\\x9b2J.example');
    expect(text).toContain('spring\\u{202e}sale');
  });

  it('aligns numbers to the right with thousands separators, and cuts long text', () => {
    expect(text).toContain('Statistics 2026-11-21 to 2026-11-22 (2 days, UTC)');
    expect(text).toContain(
      'Totals\n  Page views  12,345\n  Visitors       678\n  Events           9\n',
    );
    expect(text).toContain('  2026-11-21      12,000       600       9\n');
    expect(text).toContain('  2026-11-22         345        78       0\n');
    expect(text).toContain(`/${'long-'.repeat(9)}lon…  (no title)`);
    expect(text).toContain('(no title)');
    expect(text).toContain('(direct or internal)');
    expect(text).toMatch(/video {5}play {4}\s+9 +4 +-30\n/);
    expect(text).toMatch(/Campaign sources \(utm_source\)\n {2}\(none\)\n/);
    expect(text).toContain('  bot     1,000\n');
  });

  it('pads every column to its widest cell', () => {
    expect(
      textTable(
        'T',
        [{ heading: 'name' }, { heading: 'n', numeric: true }],
        [
          ['a', 1],
          ['abcdef', 1_234],
        ],
      ),
    ).toBe(
      ['T', '  name        n', '  ──────  ─────', '  a           1', '  abcdef  1,234', ''].join(
        '\n',
      ),
    );
  });
});
