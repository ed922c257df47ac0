import type { ReactNode } from 'react';
import type { UtmParam } from '../../stats/hit-params.ts';
import { statsMessages } from '../../stats/messages.ts';
import { statsScreenMessages as text } from '../../stats/screen-messages.ts';
import {
  type StatsPeriod,
  type StatsScreenRequest,
  statsPeriods,
  statsScreenHref,
} from '../../stats/stats-period.ts';
import { type StatsFilterName, statsFilterNames } from '../../stats/stats-query.ts';
import type { StatsReport, StatsTotals } from '../../stats/stats-report.ts';

export type StatsScreenData = {
  request: StatsScreenRequest;
  timeZone: string;
  rawDays: number;
  /** The figures, or why the period or filters asked for cannot give any. */
  result:
    | {
        ok: true;
        report: StatsReport;
        previous: { from: string; to: string; totals: StatsTotals } | undefined;
      }
    | { ok: false; message: string };
};

type Props = StatsScreenData & {
  /** The chart, an admin island the page renders (AdminIsland.astro). */
  chart?: ReactNode;
};

type FilterChange = Partial<Record<StatsFilterName, string | undefined>>;

const utmOrder: UtmParam[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
];

/** A number cell; `figure` names it as the report's JSON does, for the tests that compare. */
function Figure({ value, label, figure }: { value: number; label: string; figure: string }) {
  return (
    <td className="admin-table__number" data-label={label} data-figure={figure}>
      {text.number(value)}
    </td>
  );
}

function PeriodPicker({ request }: { request: StatsScreenRequest }) {
  return (
    <nav className="stats-periods" aria-label={text.periodsLabel}>
      <ul>
        {statsPeriods
          .filter((period): period is Exclude<StatsPeriod, 'custom'> => period !== 'custom')
          .map((period) => (
            <li key={period}>
              <a
                href={statsScreenHref(request, { period })}
                aria-current={request.period === period ? 'page' : undefined}
              >
                {text.periods[period]}
              </a>
            </li>
          ))}
      </ul>
      <form method="get" action="/admin/stats" className="stats-custom">
        <fieldset>
          <legend>
            {text.customLegend}
            {request.period === 'custom' && <span className="visually-hidden">{text.shown}</span>}
          </legend>
          <input type="hidden" name="period" value="custom" />
          {statsFilterNames.map((name) =>
            request.filters[name] === undefined ? null : (
              <input key={name} type="hidden" name={name} value={request.filters[name]} />
            ),
          )}
          <label className="stats-custom__date">
            {text.from}
            <input type="date" name="from" defaultValue={request.from} required />
          </label>
          <label className="stats-custom__date">
            {text.to}
            <input type="date" name="to" defaultValue={request.to} required />
          </label>
          <button type="submit" className="admin-button">
            {text.show}
          </button>
        </fieldset>
      </form>
    </nav>
  );
}

function ActiveFilters({ request, rawDays }: { request: StatsScreenRequest; rawDays: number }) {
  const active = statsFilterNames.filter((name) => request.filters[name] !== undefined);
  if (active.length === 0) return null;
  const none = Object.fromEntries(active.map((name) => [name, undefined])) as FilterChange;
  return (
    <section className="stats-filters" aria-labelledby="stats-filters-title">
      <h2 id="stats-filters-title">{text.filtersLabel}</h2>
      <ul>
        {active.map((name) => {
          const value = request.filters[name] || text.emptyValue;
          return (
            <li key={name}>
              <span>
                {text.filterNames[name]}: <strong>{value}</strong>
              </span>{' '}
              <a
                className="stats-filters__remove"
                href={statsScreenHref(request, { filters: { [name]: undefined } })}
                aria-label={text.removeFilter(text.filterNames[name], value)}
              >
                ×
              </a>
            </li>
          );
        })}
      </ul>
      <p>
        <a href={statsScreenHref(request, { filters: none })}>{text.clearFilters}</a>
      </p>
      <p className="admin-hint">{text.filteredNote(rawDays)}</p>
    </section>
  );
}

function Totals({
  report,
  previous,
}: {
  report: StatsReport;
  previous: { from: string; to: string; totals: StatsTotals } | undefined;
}) {
  const keys = ['pageViews', 'visitors', 'events'] as const;
  return (
    <>
      <dl className="admin-figures stats-totals">
        {keys.map((key) => (
          <div key={key}>
            <dt>{text.totals[key]}</dt>
            <dd data-figure={`totals.${key}`}>{text.number(report.totals[key])}</dd>
            {previous && (
              <dd className="stats-change" data-figure-before={`totals.${key}`}>
                {text.change(report.totals[key], previous.totals[key])}
              </dd>
            )}
          </div>
        ))}
      </dl>
      <p className="admin-hint">
        {previous ? text.comparedWith(previous.from, previous.to) : text.noPrevious}.{' '}
        {statsMessages.visitorsNote}
      </p>
    </>
  );
}

function DailyTable({ report }: { report: StatsReport }) {
  const c = text.columns;
  return (
    <details className="stats-daily">
      <summary>{text.dailyTable}</summary>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--stacked" id="stats-daily">
          <caption className="visually-hidden">{text.dailyTable}</caption>
          <thead>
            <tr>
              <th scope="col">{c.date}</th>
              <th scope="col">{c.pageViews}</th>
              <th scope="col">{c.visitors}</th>
              <th scope="col">{c.events}</th>
            </tr>
          </thead>
          <tbody>
            {report.daily.map((day, i) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <Figure value={day.pageViews} label={c.pageViews} figure={`daily.${i}.pageViews`} />
                <Figure value={day.visitors} label={c.visitors} figure={`daily.${i}.visitors`} />
                <Figure value={day.events} label={c.events} figure={`daily.${i}.events`} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

type Column = { heading: string };

/** A top list: each row's first cell links to the screen filtered by it. */
function TopList({
  id,
  title,
  level = 2,
  columns,
  rows,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  columns: Column[];
  rows: { key: string; head: ReactNode; filter: FilterChange; cells: ReactNode }[];
  request: StatsScreenRequest;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="stats-list" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{title}</Heading>
      {rows.length === 0 ? (
        <p className="admin-hint">{text.none}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stacked" id={id}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th scope="col" key={column.heading}>
                    {column.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.head}</th>
                  {row.cells}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function FilterLink({
  request,
  filter,
  children,
  what,
}: {
  request: StatsScreenRequest;
  filter: FilterChange;
  children: ReactNode;
  what: string;
}) {
  return (
    <a href={statsScreenHref(request, { filters: filter })} title={text.filterBy(what)}>
      {children}
    </a>
  );
}

function Lists({ report, request }: { report: StatsReport; request: StatsScreenRequest }) {
  const c = text.columns;
  // A filtered report has no dropped hits: a dropped hit is kept by reason only, never by value.
  const filtered = statsFilterNames.some((name) => request.filters[name] !== undefined);
  const viewCells = (prefix: string, row: { views: number; visitors: number }) => (
    <>
      <Figure value={row.views} label={c.views} figure={`${prefix}.views`} />
      <Figure value={row.visitors} label={c.visitors} figure={`${prefix}.visitors`} />
    </>
  );
  const valueRows = (
    prefix: string,
    rows: { value: string; views: number; visitors: number }[],
    name: StatsFilterName,
  ) =>
    rows.map((row, i) => ({
      key: row.value,
      head: (
        <FilterLink request={request} filter={{ [name]: row.value }} what={row.value}>
          {row.value}
        </FilterLink>
      ),
      filter: { [name]: row.value },
      cells: viewCells(`${prefix}.${i}`, row),
    }));
  const valueColumns = (heading: string) => [
    { heading },
    { heading: c.views },
    { heading: c.visitors },
  ];
  return (
    <div className="stats-lists">
      <TopList
        id="stats-pages"
        title={text.lists.pages}
        request={request}
        columns={valueColumns(c.path)}
        rows={report.pages.map((page, i) => ({
          key: page.path,
          // The title under its address, so that the address has the row's width to itself.
          head: (
            <>
              <FilterLink request={request} filter={{ page: page.path }} what={page.path}>
                {page.path}
              </FilterLink>
              <span className="stats-page-title">{page.title ?? statsMessages.noTitle}</span>
            </>
          ),
          filter: { page: page.path },
          cells: viewCells(`pages.${i}`, page),
        }))}
      />
      <TopList
        id="stats-referrers"
        title={text.lists.referrers}
        request={request}
        columns={valueColumns(c.host)}
        rows={report.referrers.map((row, i) => {
          const host = row.host ?? statsMessages.directReferrer;
          return {
            key: host,
            head: (
              <FilterLink request={request} filter={{ referrer: row.host ?? '' }} what={host}>
                {host}
              </FilterLink>
            ),
            filter: { referrer: row.host ?? '' },
            cells: viewCells(`referrers.${i}`, row),
          };
        })}
      />
      <section className="stats-list stats-campaigns" aria-labelledby="stats-campaigns-title">
        <h2 id="stats-campaigns-title">{text.lists.campaigns}</h2>
        {utmOrder.map((param) => (
          <TopList
            key={param}
            id={`stats-${param.replace('_', '-')}`}
            level={3}
            title={text.utmTitles[param]}
            request={request}
            columns={valueColumns(c.value)}
            rows={valueRows(`utm.${param}`, report.utm[param], param)}
          />
        ))}
      </section>
      <TopList
        id="stats-click-ids"
        title={text.lists.clickIds}
        request={request}
        columns={valueColumns(c.value)}
        rows={valueRows('clickIds', report.clickIds, 'click_id')}
      />
      <TopList
        id="stats-events"
        title={text.lists.events}
        request={request}
        columns={[
          { heading: c.category },
          { heading: c.action },
          { heading: c.label },
          { heading: c.count },
          { heading: c.visitors },
          { heading: c.valueTotal },
        ]}
        rows={report.events.map((event, i) => {
          const filter = {
            event_category: event.category,
            event_action: event.action,
            event_label: event.label ?? '',
          };
          const what = [event.category, event.action, event.label].filter(Boolean).join(' · ');
          return {
            key: `${event.category}\u001f${event.action}\u001f${event.label ?? ''}`,
            head: (
              <FilterLink request={request} filter={filter} what={what}>
                {event.category || text.emptyValue}
              </FilterLink>
            ),
            filter,
            cells: (
              <>
                <td data-label={c.action}>{event.action}</td>
                <td data-label={c.label}>{event.label ?? ''}</td>
                <Figure value={event.count} label={c.count} figure={`events.${i}.count`} />
                <Figure value={event.visitors} label={c.visitors} figure={`events.${i}.visitors`} />
                <Figure
                  value={event.valueTotal}
                  label={c.valueTotal}
                  figure={`events.${i}.valueTotal`}
                />
              </>
            ),
          };
        })}
      />
      <TopList
        id="stats-screens"
        title={text.lists.screens}
        request={request}
        columns={valueColumns(c.size)}
        rows={valueRows('screens', report.screens, 'screen')}
      />
      {!filtered && (
        <TopList
          id="stats-dropped"
          title={text.dropped}
          request={request}
          columns={[{ heading: text.reason }, { heading: text.hits }]}
          rows={report.drops.map((drop, i) => ({
            key: drop.reason,
            head: text.dropReasons[drop.reason] ?? drop.reason,
            filter: {},
            cells: <Figure value={drop.count} label={text.hits} figure={`drops.${i}.count`} />,
          }))}
        />
      )}
    </div>
  );
}

/**
 * `/admin/stats`: the report `npm run quire -- stats` prints, for a period picked by plain links
 * (or two dates in a GET form), compared with the period before; every top list's row filters
 * the whole screen by its value. Works without the admin's script; the chart is its island.
 */
export function StatsPage({ request, timeZone, rawDays, result, chart }: Props) {
  return (
    <>
      <PeriodPicker request={request} />
      <ActiveFilters request={request} rawDays={rawDays} />
      {result.ok ? (
        <>
          <p className="admin-count">
            {text.periodSummary(
              result.report.period.from,
              result.report.period.to,
              result.report.period.days,
              timeZone,
            )}
          </p>
          <Totals report={result.report} previous={result.previous} />
          {chart}
          <DailyTable report={result.report} />
          <Lists report={result.report} request={request} />
        </>
      ) : (
        <p className="admin-field-error" role="alert">
          {text.badPeriod(result.message)}
        </p>
      )}
    </>
  );
}
