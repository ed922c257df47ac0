import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Result } from 'autocannon';
import { fieldName } from '../src/features/forms/field-values.ts';
import type { StoredForm } from '../src/features/forms/form-definition.ts';
import { honeypotFieldId } from '../src/features/forms/honeypot.ts';
import { findForm } from '../src/features/forms/server/forms-store.ts';
import { connectDatabase, type DatabaseHandle } from '../src/platform/db/connect.ts';
import {
  fetchPageScripts,
  type IslandWeight,
  islandWeight,
} from '../tests/support/client-scripts.ts';
import type { TestServer } from '../tests/support/test-server.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine } from './benchmark.ts';
import { type CpuUsage, startCpuMeter } from './cpu-usage.ts';
import { rateAndLatency } from './http-load.ts';
import {
  checkTarget,
  formatInteger,
  formatKilobytes,
  formatLimit,
  type Target,
  type TargetCheck,
  targets,
} from './targets.ts';

const connections = 50;
/** The demo's Contact page, which embeds the Contact form (`[form id="1"]`, demo/forms.json). */
const contactPagePath = '/contact/';
/** The per-client limit would refuse all but the first few; every bench request comes from 127.0.0.1. */
const submissionsPerMinute = '1000000000';
/** CPU used by other processes during a run, in percent of one core, that makes it suspect. */
const busyMachinePercent = 15;

/**
 * `multipart` (the default) is what the island sends: `new FormData(form)` posted by fetch.
 * `urlencoded` (`BENCH_FORM_ENCODING=urlencoded`) is the other body `/ajax` takes, for comparing
 * what parsing the body costs.
 */
type Encoding = 'multipart' | 'urlencoded';

function encodingFromEnvironment(): Encoding {
  const raw = process.env.BENCH_FORM_ENCODING ?? '';
  if (raw === '' || raw === 'multipart') return 'multipart';
  if (raw === 'urlencoded') return 'urlencoded';
  throw new Error(`BENCH_FORM_ENCODING must be multipart or urlencoded, not "${raw}"`);
}

/**
 * SQLite in the site's own data directory by default; `BENCH_DATABASE_URL=postgres://…` runs
 * the site on that PostgreSQL database instead (it is migrated, seeded when empty, and written
 * to; entries are told apart by a tag per run, so earlier runs' rows do not matter).
 */
function postgresFromEnvironment(): string | undefined {
  const raw = process.env.BENCH_DATABASE_URL ?? '';
  if (raw === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new Error('BENCH_DATABASE_URL must be a postgres:// URL (SQLite is the default)');
  }
  return raw;
}

function openSiteDatabase(site: TestServer, postgresUrl: string | undefined): DatabaseHandle {
  return postgresUrl
    ? connectDatabase({ kind: 'postgres', url: postgresUrl })
    : connectDatabase({ kind: 'sqlite', file: join(site.dataDir, 'quire.db') });
}

type Submitter = {
  tag: string;
  formId: number;
  token: string;
  honeypotId: number;
  pageUrl: string;
  encoding: Encoding;
};

/** A demo form the bench posts: where it is, what it must hold, and one valid submission. */
type BenchForm = {
  title: string;
  formId: number;
  pagePath: string;
  /** `id:type` of every field, checked before the run. */
  fieldTypes: string;
  /** The fields as the island posts them, unique to `sequence` (identical ones are stored once). */
  fields: (submitter: Submitter, sequence: number) => [string, string][];
  /** Valid submissions per second it must reach. */
  target: Target;
};

/** What every submission carries besides its fields: the form, token, page and fill time. */
function envelope(submitter: Submitter): [string, string][] {
  const end = Math.floor(Date.now() / 1000);
  return [
    [fieldName(submitter.honeypotId), ''],
    ['qforms[id]', String(submitter.formId)],
    ['qforms[instance]', '0'],
    ['qforms[token]', submitter.token],
    ['page_url', submitter.pageUrl],
    ['start_timestamp', String(end - 30)],
    ['end_timestamp', String(end)],
    ['action', 'qforms_submit'],
  ];
}

/**
 * The fields the Contact island posts (the FormData of the rendered form, in its order), with a
 * name, address and message unique to `sequence`: identical submissions are stored once, so
 * every request must differ. The form was "opened" 30 s before it is sent.
 */
function contactFields(submitter: Submitter, sequence: number): [string, string][] {
  const id = `${submitter.tag}-${sequence}`;
  return [
    [fieldName(1, 'first'), 'Ada'],
    [fieldName(1, 'last'), `Bench ${sequence}`],
    [fieldName(2), `bench+${sequence}@example.org`],
    [fieldName(3), 'A question about the sketching walk'],
    [
      fieldName(4),
      `Hello, this is bench submission ${id}. I read the post about pocket watercolours and ` +
        'wondered which paper you use for the field sketches, and whether it survives rain.',
    ],
    [fieldName(5, ''), '1'],
    ...envelope(submitter),
  ];
}

/**
 * The Workshop booking form's last page as the island posts it: two places at the knife
 * sharpening workshop, lunch and a notebook, a starter kit, $5.00 paid forward and the demo's
 * coupon, with the total the page showed; the server computes all of it again. The form takes
 * bank transfers, so each order is stored awaiting payment and mailed with the instructions.
 */
function bookingFields(submitter: Submitter, sequence: number): [string, string][] {
  return [
    [fieldName(1, 'first'), 'Ada'],
    [fieldName(1, 'last'), `Bench ${sequence}`],
    [fieldName(2), `bench+${sequence}@example.org`],
    [fieldName(3), `Bench booking ${submitter.tag}-${sequence}: no allergies.`],
    [fieldName(5, 'value'), 'knives'],
    [fieldName(5, 'quantity'), '2'],
    [fieldName(6, ''), 'lunch'],
    [fieldName(6, ''), 'notebook'],
    [fieldName(7, 'value'), 'starter'],
    [fieldName(7, 'quantity'), '1'],
    [fieldName(9), '5.00'],
    [fieldName(11), 'FIELDNOTES15'],
    // $90.00 + $12.50 + $18.00 + $30.00 + $7.50 + $5.00 = $163.00, less 15% ($24.45).
    ['qforms[total]', '13855'],
    ...envelope(submitter),
  ];
}

const benchForms: BenchForm[] = [
  {
    title: 'Contact form',
    formId: 1,
    pagePath: contactPagePath,
    fieldTypes: '1:name 2:email 3:text 4:textarea 5:gdpr-checkbox',
    fields: contactFields,
    target: targets.formSubmissionThroughput,
  },
  {
    title: 'Workshop booking (payment) form',
    formId: 3,
    pagePath: '/workshop-booking/',
    fieldTypes:
      '1:name 2:email 3:textarea 4:pagebreak 5:payment-multiple 6:payment-checkbox 7:payment-select 8:payment-single 9:payment-single 10:pagebreak 11:payment-coupon 12:payment-total',
    fields: bookingFields,
    target: targets.paymentFormSubmissionThroughput,
  },
];

/** As Chromium and Safari write it (mixed case: the boundary is case-sensitive). */
const boundary = '----WebKitFormBoundaryQ7mXk2LpR9sTvW4a';

function encodeBody(fields: [string, string][], encoding: Encoding): string {
  if (encoding === 'urlencoded') return new URLSearchParams(fields).toString();
  let body = '';
  for (const [name, value] of fields) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  return `${body}--${boundary}--\r\n`;
}

function requestHeaders(origin: string, encoding: Encoding): Record<string, string> {
  return {
    // Astro refuses form posts from another origin.
    origin,
    accept: 'application/json',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) quire-bench',
    'content-type':
      encoding === 'multipart'
        ? `multipart/form-data; boundary=${boundary}`
        : 'application/x-www-form-urlencoded;charset=UTF-8',
  };
}

/** The sequence numbers answered with a confirmation, and a sample of the other answers. */
type Answers = { confirmed: Set<number>; samples: string[] };

/**
 * Runs autocannon posting submissions: each request is built just before it is sent, with the
 * next sequence number; the answer is matched to it through the connection's context (one
 * request in flight per connection).
 */
async function submitUnderLoad(
  siteUrl: string,
  form: BenchForm,
  submitter: Submitter,
  seconds: number,
): Promise<{ result: Result; answers: Answers; errorMessages: Record<string, number> }> {
  let sequence = 0;
  const answers: Answers = { confirmed: new Set(), samples: [] };
  const errorMessages: Record<string, number> = {};
  const instance = autocannon({
    url: `${siteUrl}/ajax`,
    connections,
    duration: seconds,
    timeout: 10,
    method: 'POST',
    headers: requestHeaders(siteUrl, submitter.encoding),
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          sequence += 1;
          context.sequence = sequence;
          return {
            ...request,
            body: encodeBody(form.fields(submitter, sequence), submitter.encoding),
          };
        },
        onResponse: (status, body, context) => {
          const confirmed =
            status === 200 && body.includes('"success":true') && body.includes('"confirmation"');
          if (confirmed) {
            answers.confirmed.add(context.sequence as number);
            return;
          }
          if (answers.samples.length < 5) answers.samples.push(`${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  });
  instance.on('reqError', (error: Error) => {
    const message = error.message || String(error);
    errorMessages[message] = (errorMessages[message] ?? 0) + 1;
  });
  const result: Result = await instance;
  return { result, answers, errorMessages };
}

async function postAjax(siteUrl: string, body: string, encoding: Encoding) {
  const response = await fetch(`${siteUrl}/ajax`, {
    method: 'POST',
    headers: requestHeaders(siteUrl, encoding),
    body,
  });
  const text = await response.text();
  let answer: { success?: boolean; data?: Record<string, unknown> } | undefined;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  return { status: response.status, text, answer };
}

async function fetchToken(
  siteUrl: string,
  formId: number,
): Promise<{ token: string; time: number }> {
  const body = new URLSearchParams({ action: 'qforms_get_token', formId: String(formId) });
  const { status, text, answer } = await postAjax(siteUrl, body.toString(), 'urlencoded');
  const token = answer?.data?.token;
  const time = answer?.data?.time;
  if (!answer?.success || typeof token !== 'string' || typeof time !== 'number') {
    throw new Error(`qforms_get_token answered ${status}: ${text.slice(0, 300)}`);
  }
  return { token, time };
}

/** The form as stored, checked against what the submissions send. */
async function storedBenchForm(database: DatabaseHandle, bench: BenchForm): Promise<StoredForm> {
  const form = await findForm(database.db, bench.formId);
  const types = form?.definition.fields.map((field) => `${field.id}:${field.type}`).join(' ');
  if (!form || types !== bench.fieldTypes) {
    throw new Error(
      `Form ${bench.formId} is not the demo ${bench.title} (fields ${types ?? 'none'}, expected ${bench.fieldTypes})`,
    );
  }
  return form;
}

type StoredRun = {
  entries: Set<number>;
  spam: Set<number>;
  spamReasons: Record<string, number>;
};

/** The bench's entries of a form carrying `tag`, by sequence number and status. */
async function storedEntries(
  database: DatabaseHandle,
  formId: number,
  tag: string,
): Promise<StoredRun> {
  const rows = await database.db
    .selectFrom('form_entries')
    .select(['status', 'spam_reason', 'fields'])
    .where('form_id', '=', formId)
    .where('fields', 'like', `%${tag}-%`)
    .execute();
  const pattern = new RegExp(`${tag}-(\\d+)`);
  const stored: StoredRun = { entries: new Set(), spam: new Set(), spamReasons: {} };
  for (const row of rows) {
    const sequence = Number(pattern.exec(row.fields)?.[1]);
    if (row.status === 'spam') {
      stored.spam.add(sequence);
      const reason = row.spam_reason ?? 'unknown';
      stored.spamReasons[reason] = (stored.spamReasons[reason] ?? 0) + 1;
    } else stored.entries.add(sequence);
  }
  return stored;
}

/**
 * Waits until the entries carrying `tag` stop growing: the requests in flight when autocannon
 * stopped are still handled by the server.
 */
async function settledEntries(
  database: DatabaseHandle,
  formId: number,
  tag: string,
): Promise<StoredRun> {
  let last = await storedEntries(database, formId, tag);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    await sleep(500);
    const next = await storedEntries(database, formId, tag);
    if (next.entries.size + next.spam.size === last.entries.size + last.spam.size) return next;
    last = next;
  }
  return last;
}

async function outboxByStatus(database: DatabaseHandle): Promise<Record<string, number>> {
  const rows = await database.db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

const difference = (a: Set<number>, b: Set<number>) => [...a].filter((value) => !b.has(value));

export type SubmissionRun = {
  form: string;
  database: 'sqlite' | 'postgres';
  encoding: Encoding;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Answered with a confirmation and stored as an entry, per second of the run. */
  validSubmissionsPerSecond: number;
  requestsPerSecond: { average: number; stddev: number; min: number; max: number };
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  requestsSent: number;
  answered: number;
  answered2xx: number;
  confirmed: number;
  storedEntries: number;
  /** Confirmed but not stored: must be 0. */
  lostEntries: number;
  /** Stored as spam: must be 0 (the submissions are valid and slow enough). */
  spamEntries: number;
  spamReasons: Record<string, number>;
  /** Stored but never answered: requests still in flight when the run stopped, or timed out. */
  storedWithoutAnswer: number;
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  errorMessages: Record<string, number>;
  otherAnswers: string[];
  mailOutbox: Record<string, number>;
  cpuPercentOfOneCore: CpuUsage;
};

async function measureSubmissions(
  context: BenchContext,
  site: TestServer,
  database: DatabaseHandle,
  encoding: Encoding,
  bench: BenchForm,
): Promise<SubmissionRun> {
  const form = await storedBenchForm(database, bench);
  const { minimumSeconds } = form.definition.settings.antispam;
  const { token, time } = await fetchToken(site.url, form.id);
  // The token must be older than the form's minimum fill time, or every entry is spam.
  const waitMs = (time + minimumSeconds + 1) * 1000 - Date.now();
  context.log(`form submissions: token issued, waiting ${(waitMs / 1000).toFixed(1)} s`);
  if (waitMs > 0) await sleep(waitMs);

  const runTag = `qb${Date.now().toString(36)}`;
  const submitter = (tag: string): Submitter => ({
    tag,
    formId: form.id,
    token,
    honeypotId: honeypotFieldId(form.definition),
    pageUrl: bench.pagePath,
    encoding,
  });

  // One submission first: it must be confirmed and stored as an entry, not spam.
  const check = submitter(`${runTag}p`);
  const first = await postAjax(site.url, encodeBody(bench.fields(check, 1), encoding), encoding);
  if (first.status !== 200 || !first.answer?.success) {
    throw new Error(`A single submission answered ${first.status}: ${first.text.slice(0, 300)}`);
  }
  const checked = await storedEntries(database, form.id, check.tag);
  if (checked.entries.size !== 1) {
    throw new Error(
      `A single confirmed submission was stored as ${checked.spam.size ? `spam (${Object.keys(checked.spamReasons).join(', ')})` : 'nothing'}`,
    );
  }

  const warmupSeconds = Math.min(3, Math.max(1, Math.round(context.seconds / 5)));
  await submitUnderLoad(site.url, bench, submitter(`${runTag}w`), warmupSeconds);
  await sleep(500);

  context.log(
    `form submissions: ${bench.title}, ${connections} connections, ${context.seconds} s, ${encoding} bodies, ${database.kind}`,
  );
  const tag = `${runTag}t`;
  const cpuUsage = startCpuMeter();
  const { result, answers, errorMessages } = await submitUnderLoad(
    site.url,
    bench,
    submitter(tag),
    context.seconds,
  );
  const cpu = cpuUsage();
  const stored = await settledEntries(database, form.id, tag);
  const lost = difference(answers.confirmed, stored.entries);
  const validStored = answers.confirmed.size - lost.length;
  return {
    form: bench.title,
    database: database.kind,
    encoding,
    connections,
    seconds: result.duration,
    warmupSeconds,
    validSubmissionsPerSecond: validStored / result.duration,
    ...rateAndLatency(result),
    requestsSent: result.requests.sent,
    answered: result.requests.total,
    answered2xx: result['2xx'],
    confirmed: answers.confirmed.size,
    storedEntries: stored.entries.size,
    lostEntries: lost.length,
    spamEntries: stored.spam.size,
    spamReasons: stored.spamReasons,
    storedWithoutAnswer: difference(stored.entries, answers.confirmed).length,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
    ),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    errorMessages,
    otherAnswers: answers.samples,
    mailOutbox: await outboxByStatus(database),
    cpuPercentOfOneCore: cpu,
  };
}

/** The form island's own files: what the Contact page loads that the home and post pages do not. */
async function formIsland(context: BenchContext): Promise<IslandWeight & { islands: string[] }> {
  const contact = await fetchPageScripts(context.site.url, contactPagePath);
  const islands = contact.islands.map((island) => island.componentUrl);
  if (!islands.some((url) => /\/QForm\.[\w-]+\.js$/.test(url))) {
    throw new Error(`${contactPagePath} has no QForm island (islands: ${islands.join(', ')})`);
  }
  const others = await Promise.all(
    context.pages.map((page) => fetchPageScripts(context.site.url, page.path)),
  );
  return { ...islandWeight(contact, others), islands };
}

function runProblems(run: SubmissionRun): string[] {
  const problems: string[] = [];
  if (run.errors > 0 || run.non2xx > 0) {
    const messages = Object.entries(run.errorMessages)
      .map(([message, count]) => `${message} ×${count}`)
      .join('; ');
    problems.push(
      `${run.form}: ${run.errors} errors (${run.timeouts} timeouts), ${run.non2xx} non-2xx ${JSON.stringify(run.statusCodes)}${messages ? ` — ${messages}` : ''}${run.otherAnswers.length ? `; e.g. ${run.otherAnswers.join(' | ')}` : ''}`,
    );
  }
  if (run.answered2xx !== run.confirmed) {
    problems.push(
      `${run.form}: ${run.answered2xx} 2xx answers but ${run.confirmed} confirmations${run.otherAnswers.length ? `; e.g. ${run.otherAnswers.join(' | ')}` : ''}`,
    );
  }
  if (run.lostEntries > 0) {
    problems.push(`${run.form}: ${run.lostEntries} confirmed submissions were not stored`);
  }
  if (run.spamEntries > 0) {
    problems.push(
      `${run.form}: ${run.spamEntries} valid submissions stored as spam ${JSON.stringify(run.spamReasons)}`,
    );
  }
  if (run.storedWithoutAnswer > run.connections) {
    problems.push(
      `${run.form}: ${run.storedWithoutAnswer} entries stored without an answer, more than the ${run.connections} requests that can be in flight when the run stops`,
    );
  }
  // PostgreSQL's own processes are not the bench's children, so on it "other" is mostly the database.
  if (run.database === 'sqlite' && (run.cpuPercentOfOneCore.others ?? 0) > busyMachinePercent) {
    problems.push(
      `${run.form}: other processes used ${run.cpuPercentOfOneCore.others}% of a core during the run, so the figures are low`,
    );
  }
  return problems;
}

type RunChecks = {
  throughput: TargetCheck;
  clean: TargetCheck;
  lost: TargetCheck;
  spam: TargetCheck;
};

function runChecks(run: SubmissionRun, bench: BenchForm): RunChecks {
  const subject = `${bench.title} ${bench.pagePath} · ${run.database}`;
  return {
    throughput: checkTarget(bench.target, subject, run.validSubmissionsPerSecond),
    clean: checkTarget(targets.cleanLoadRun, subject, run.errors + run.non2xx),
    lost: checkTarget(targets.lostFormEntries, subject, run.lostEntries),
    spam: checkTarget(targets.spamFormEntries, subject, run.spamEntries),
  };
}

const verdict = (check: TargetCheck) => (check.pass ? 'PASS' : 'FAIL');

function detailRows(run: SubmissionRun, checks: RunChecks): string[][] {
  const { throughput, clean, lost, spam } = checks;
  const cpu = [
    run.cpuPercentOfOneCore.client,
    run.cpuPercentOfOneCore.server,
    run.cpuPercentOfOneCore.others,
  ]
    .map((value) => (value === undefined ? '–' : String(value)))
    .join(' / ');
  return [
    [run.form, '', '', ''],
    [
      '  valid submissions/s',
      formatInteger(run.validSubmissionsPerSecond),
      formatLimit(throughput),
      verdict(throughput),
    ],
    [
      '  answers/s avg (min–max)',
      `${formatInteger(run.requestsPerSecond.average)} (${formatInteger(run.requestsPerSecond.min)}–${formatInteger(run.requestsPerSecond.max)})`,
      '',
      '',
    ],
    [
      '  latency p50 / p90 / p99 / max',
      `${run.latencyMs.p50} / ${run.latencyMs.p90} / ${run.latencyMs.p99} / ${run.latencyMs.max} ms`,
      '',
      '',
    ],
    ['  requests sent / answered', `${run.requestsSent} / ${run.answered}`, '', ''],
    ['  2xx answers / confirmations', `${run.answered2xx} / ${run.confirmed}`, '', ''],
    ['  non-2xx / errors', `${run.non2xx} / ${run.errors}`, formatLimit(clean), verdict(clean)],
    ['  stored entries', formatInteger(run.storedEntries), '', ''],
    [
      '  lost (confirmed, not stored)',
      formatInteger(run.lostEntries),
      formatLimit(lost),
      verdict(lost),
    ],
    ['  stored as spam', formatInteger(run.spamEntries), formatLimit(spam), verdict(spam)],
    ['  stored, unanswered at stop', formatInteger(run.storedWithoutAnswer), '', ''],
    [
      '  mail outbox after the run',
      Object.entries(run.mailOutbox)
        .map(([status, count]) => `${status} ${count}`)
        .join(', ') || 'empty',
      '',
      '',
    ],
    ['  CPU client / server / other %', cpu, '', ''],
  ];
}

function summaryLines(run: SubmissionRun, bench: BenchForm, checks: RunChecks): SummaryLine[] {
  const subject = `${bench.title} ${bench.pagePath} · ${run.database}`;
  return [
    {
      subject,
      metric: 'valid submissions/s',
      value: formatInteger(run.validSubmissionsPerSecond),
      target: formatLimit(checks.throughput),
      pass: checks.throughput.pass,
    },
    { subject, metric: 'latency p99', value: `${run.latencyMs.p99} ms` },
    {
      subject,
      metric: 'non-2xx / errors',
      value: `${run.non2xx} / ${run.errors}`,
      target: formatLimit(checks.clean),
      pass: checks.clean.pass,
    },
    {
      subject,
      metric: 'lost entries (2xx − stored)',
      value: formatInteger(run.lostEntries),
      target: formatLimit(checks.lost),
      pass: checks.lost.pass,
    },
    {
      subject,
      metric: 'entries stored as spam',
      value: formatInteger(run.spamEntries),
      target: formatLimit(checks.spam),
      pass: checks.spam.pass,
    },
  ];
}

/**
 * AJAX form submissions under 50 concurrent connections: the demo's Contact form, then its
 * Workshop booking form (an order: priced choices, quantities, a coupon, the total), posted to
 * `/ajax` as the island posts them, each request with different values, against a site started
 * with the production defaults and the per-client limit lifted. Afterwards the stored entries
 * are matched to the confirmed answers one by one. Also weighs the form island.
 */
export const formSubmissions: Benchmark = {
  name: 'formSubmissions',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const encoding = encodingFromEnvironment();
    const postgresUrl = postgresFromEnvironment();
    const island = await formIsland(context);
    const site = await context.startSite({
      FORM_SUBMISSIONS_PER_MINUTE: submissionsPerMinute,
      ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    });
    const database = openSiteDatabase(site, postgresUrl);
    const runs: Array<{ bench: BenchForm; run: SubmissionRun }> = [];
    try {
      for (const bench of benchForms) {
        const run = await measureSubmissions(context, site, database, encoding, bench);
        context.log(
          `      ${bench.title}: ${formatInteger(run.validSubmissionsPerSecond)} valid submissions/s, p99 ${run.latencyMs.p99} ms, ${run.non2xx} non-2xx, ${run.errors} errors, ${run.lostEntries} lost, ${run.spamEntries} spam`,
        );
        runs.push({ bench, run });
        await sleep(1000);
      }
    } finally {
      await database.db.destroy();
      await site.stop();
    }

    const measured = runs.map(({ bench, run }) => ({ bench, run, checks: runChecks(run, bench) }));
    const islandSize = checkTarget(targets.formIslandJavaScript, 'form island', island.gzipBytes);
    const checks = [
      ...measured.flatMap(({ checks: c }) => [c.throughput, c.clean, c.lost, c.spam]),
      islandSize,
    ];
    const summary: SummaryLine[] = [
      ...measured.flatMap(({ bench, run, checks: c }) => summaryLines(run, bench, c)),
      {
        subject: `form island ${island.files.map((file) => file.path).join(' + ')}`,
        metric: 'JS beyond React (gzip -9)',
        value: formatKilobytes(island.gzipBytes),
        target: formatLimit(islandSize),
        pass: islandSize.pass,
      },
    ];
    const first = runs[0]?.run;
    const cores = cpus().length;
    return {
      results: {
        client: 'autocannon in the benchmark process; the server is a child process',
        cores,
        runs: runs.map(({ run }) => run),
        island,
      },
      detail: {
        title: `Form submissions — POST /ajax qforms_submit, autocannon, ${connections} connections, ${context.seconds} s per form after a ${first?.warmupSeconds ?? 0} s warm-up, ${encoding}, ${first?.database ?? ''}`,
        rows: [
          ['measure', 'value', 'target', 'result'],
          ...measured.flatMap(({ run, checks: c }) => detailRows(run, c)),
          [
            'form island JS beyond React (gzip -9)',
            formatKilobytes(island.gzipBytes),
            formatLimit(islandSize),
            verdict(islandSize),
          ],
        ],
        notes: [
          `Site: production defaults (WEB_CONCURRENCY=auto: one worker per core, at most 4), FORM_SUBMISSIONS_PER_MINUTE=${submissionsPerMinute}, database ${first?.database}${first?.database === 'sqlite' ? ' (BENCH_DATABASE_URL=postgres://… for PostgreSQL)' : ''}.`,
          `Each request is a demo form as the island posts it (${encoding}; BENCH_FORM_ENCODING=urlencoded for the other body), with one token older than the form's minimum fill time, timestamps 30 s apart and a name, address and message unique to the request. The booking is an order the server prices again: 2 places, 2 extras, a kit, a named amount and the demo coupon, with the total the page showed.`,
          'valid submissions/s: answered with a confirmation AND found as an entry afterwards, divided by the run length. Entries are matched to answers by the sequence number in each message.',
          '"stored, unanswered at stop": requests in flight when autocannon stopped (at most one per connection); the server still stores them.',
          `The load generator and the server share the same ${cores} cores; CPU in percent of one core${first?.database === 'postgres' ? '; "other" includes PostgreSQL' : ''}.`,
          `mail outbox: rows by status in the whole table when the run ended${first?.database === 'postgres' ? ' (earlier runs on this database included)' : ''}; "pending" mails are kept and sent later.`,
          `form island files: ${island.files.map((file) => `${file.path} ${formatKilobytes(file.gzipBytes)} gzip (${formatKilobytes(file.bytes)} raw)`).join(', ')}; loaded by ${contactPagePath} but not by ${context.pages.map((page) => page.path).join(' or ')}; React's chunk excluded. Payment fields are part of it.`,
        ],
      },
      summary,
      checks,
      problems: [
        ...runs.flatMap(({ run }) => runProblems(run)),
        ...(island.missing.length
          ? [`form island: files missing from dist/client: ${island.missing.join(', ')}`]
          : []),
      ],
    };
  },
};
