import { useEffect, useRef } from 'react';

type Props = {
  /** The period's days, `YYYY-MM-DD`, in order. */
  dates: string[];
  pageViews: number[];
  visitors: number[];
  /** What the chart shows, in words; the table of the figures per day follows the chart. */
  summary: string;
  labels: { date: string; pageViews: string; visitors: string };
};

/**
 * The page views and visitors per day as lines: uPlot, fetched by this island only, so no other
 * admin screen loads it. Rendered on the server as an empty, labelled frame of the chart's size;
 * the figures themselves are in the table of days beside it, with or without the script.
 */
export default function StatsChart({ dates, pageViews, visitors, summary, labels }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let disposed = false;
    let resize: ResizeObserver | undefined;
    let chart:
      | { destroy(): void; setSize(size: { width: number; height: number }): void }
      | undefined;
    void import('uplot').then(({ default: UPlot }) => {
      if (disposed) return;
      const size = () => ({
        width: element.clientWidth,
        height: element.clientWidth < 500 ? 200 : 260,
      });
      const days = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
      const [first = 0, last = first] = [days[0], days.at(-1)];
      const style = getComputedStyle(element);
      const views = style.getPropertyValue('--stats-views').trim() || '#1f5f99';
      const people = style.getPropertyValue('--stats-visitors').trim() || '#a3461b';
      chart = new UPlot(
        {
          ...size(),
          // Calendar days of the site: drawn as dates in UTC, whatever the browser's zone.
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'UTC'),
          scales: {
            // Half a day of margin each side: one day alone is drawn over that day, not over
            // the years uPlot would spread a single point across.
            x: { time: true, range: () => [first - 43_200, last + 43_200] },
            y: { range: (_, _min, max) => [0, Math.max(max, 4)] },
          },
          // Whole numbers of hits on the value axis, never 0.5 of a page view.
          axes: [
            // Ticks on whole days (or weeks, months…), never on hours: the figures are per day.
            { incrs: [1, 2, 7, 14, 30, 61, 91, 182, 365].map((n) => n * 86_400) },
            {
              size: 56,
              incrs: [1, 2, 5]
                .flatMap((step) => [1, 10, 100, 1e3, 1e4, 1e5, 1e6].map((scale) => step * scale))
                .sort((a, b) => a - b),
            },
          ],
          series: [
            {
              label: labels.date,
              value: (_, seconds) =>
                seconds == null ? '--' : new Date(seconds * 1000).toISOString().slice(0, 10),
            },
            {
              label: labels.pageViews,
              stroke: views,
              width: 2,
              fill: `${views}1a`,
              points: { show: dates.length <= 45 },
            },
            {
              label: labels.visitors,
              stroke: people,
              width: 2,
              points: { show: dates.length <= 45 },
            },
          ],
        },
        [days, pageViews, visitors],
        element,
      );
      resize = new ResizeObserver(() => chart?.setSize(size()));
      resize.observe(element);
    });
    return () => {
      disposed = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [dates, pageViews, visitors, labels]);
  return (
    <div className="stats-chart">
      <div ref={frame} className="stats-chart__plot" role="img" aria-label={summary} />
    </div>
  );
}
