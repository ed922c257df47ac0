import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from '../tests/support/test-server.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { checkTarget, formatInteger, formatLimit, targets } from './targets.ts';

const nginxBinary = '/usr/sbin/nginx';
const wrkBinary = '/usr/bin/wrk';
const referenceConnections = 50;
const requestHeaders = { 'accept-encoding': 'gzip' };

export type ClientRun = { requestsPerSecond: number; failures: number; client: string };

/** wrk when the machine has it (one thread, so the servers keep a core), else autocannon. */
export async function loadRun(url: string, seconds: number, connections = 50): Promise<ClientRun> {
  if (existsSync(wrkBinary)) {
    const { stdout } = await promisify(execFile)(wrkBinary, [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '-H',
      'Accept-Encoding: gzip',
      url,
    ]);
    const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
      stdout,
    );
    const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
    return { requestsPerSecond: rate, failures: non2xx + socketErrors, client: 'wrk -t1' };
  }
  const result = await autocannon({ url, connections, duration: seconds, headers: requestHeaders });
  return {
    requestsPerSecond: result.requests.average,
    failures: result.errors + result.non2xx,
    client: 'autocannon',
  };
}

function nginxConfig(root: string, port: number, workers: number): string {
  return `
worker_processes ${workers};
daemon off;
pid ${join(root, 'nginx.pid')};
error_log ${join(root, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(root, 'tmp')};
  proxy_temp_path ${join(root, 'tmp')};
  fastcgi_temp_path ${join(root, 'tmp')};
  uwsgi_temp_path ${join(root, 'tmp')};
  scgi_temp_path ${join(root, 'tmp')};
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${join(root, 'files')};
    location = /post { default_type text/html; gzip_static on; try_files /post.html =404; }
  }
}
`;
}

export async function startNginx(
  root: string,
  port: number,
  workers: number,
): Promise<ChildProcess> {
  const file = join(root, 'nginx.conf');
  writeFileSync(file, nginxConfig(root, port, workers));
  const nginx = spawn(nginxBinary, ['-p', root, '-e', join(root, 'error.log'), '-c', file], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/post`, { headers: requestHeaders });
      await response.arrayBuffer();
      if (response.ok) return nginx;
    } catch {
      // Not listening yet.
    }
    if (nginx.exitCode !== null || Date.now() > deadline) {
      const errorLog = join(root, 'error.log');
      const log = existsSync(errorLog)
        ? readFileSync(errorLog, 'utf8').trim().split('\n').at(-1)
        : undefined;
      // Waited for, so that it writes nothing into the folder once the caller deletes it.
      if (nginx.exitCode === null) {
        nginx.kill();
        await new Promise((resolve) => nginx.once('exit', resolve));
      }
      throw new Error(`nginx did not start: ${log || 'no message'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The reference for the cached figure: nginx, on the same machine and cores with one worker
 * per core, serving the very bytes Quire's page cache sends for the post page (its gzip form,
 * `gzip_static`), measured with the same client, connections and length, back to back.
 */
export const staticReference: Benchmark = {
  name: 'staticReference',
  async run(context: BenchContext): Promise<BenchOutcome> {
    if (!existsSync(nginxBinary)) {
      return {
        results: { skipped: `no ${nginxBinary}` },
        detail: { title: 'Static-file reference — skipped', rows: [['no nginx']], notes: [] },
        summary: [],
        checks: [],
        problems: [
          `No nginx at ${nginxBinary}, so the cached figure has no reference: apt-get install nginx-light`,
        ],
      };
    }
    const post = context.pages.find((page) => page.name === 'post');
    if (!post) throw new Error('No post page to serve');
    const postUrl = `${context.site.url}${post.path}`;
    const answer = await fetch(postUrl, { headers: requestHeaders });
    // fetch decodes the body; the page cache's own gzip form is what nginx must send as well.
    const html = Buffer.from(await answer.arrayBuffer());
    const root = mkdtempSync(join(tmpdir(), 'quire-nginx-'));
    // Started as root, nginx reads files as an unprivileged user: the folder must let it in.
    chmodSync(root, 0o755);
    const workers = cpus().length;
    try {
      const files = join(root, 'files');
      mkdirSync(files);
      mkdirSync(join(root, 'tmp'));
      writeFileSync(join(files, 'post.html'), html);
      const gzipped = await fetchRawGzip(postUrl);
      const unzipped = gunzipSync(gzipped);
      if (!unzipped.equals(html)) {
        let at = 0;
        while (at < html.byteLength && html[at] === unzipped[at]) at++;
        const around = (bytes: Buffer) =>
          JSON.stringify(bytes.subarray(at - 60, at + 60).toString());
        throw new Error(
          `The cached gzip form differs from the page: ${unzipped.byteLength} against ${html.byteLength} bytes, first at byte ${at}: ${around(unzipped)} against ${around(html)}`,
        );
      }
      writeFileSync(join(files, 'post.html.gz'), gzipped);
      const port = await freePort();
      const nginx = await startNginx(root, port, workers);
      try {
        context.log(`reference: nginx (${workers} workers) serving the post page's bytes`);
        const reference = await loadRun(`http://127.0.0.1:${port}/post`, context.seconds);
        context.log(`reference: Quire's cached post page`);
        const quire = await loadRun(postUrl, context.seconds);
        const percent = Math.round((quire.requestsPerSecond / reference.requestsPerSecond) * 100);
        const check = checkTarget(targets.cachedVersusStaticFile, `post ${post.path}`, percent);
        const problems = [
          ...(reference.failures > 0 ? [`nginx: ${reference.failures} failed responses`] : []),
          ...(quire.failures > 0 ? [`cached post: ${quire.failures} failed responses`] : []),
        ];
        return {
          results: {
            client: quire.client,
            connections: referenceConnections,
            gzipBytes: gzipped.byteLength,
            reference,
            quire,
            percent,
          },
          detail: {
            title: `Cached page against a static file — ${quire.client}, ${referenceConnections} connections, ${context.seconds} s each`,
            rows: [
              ['server', 'req/s', 'failed'],
              [
                `nginx ${workers} workers, gzip_static`,
                formatInteger(reference.requestsPerSecond),
                String(reference.failures),
              ],
              ['Quire, page cache', formatInteger(quire.requestsPerSecond), String(quire.failures)],
              ['Quire / nginx', `${percent}%`, ''],
            ],
            notes: [
              `Both send the same ${formatInteger(gzipped.byteLength)} gzip bytes; the client shares the ${workers} cores with the server.`,
            ],
          },
          summary: [
            {
              subject: `post ${post.path} · cached`,
              metric: 'req/s as a share of nginx',
              value: `${percent}% (${formatInteger(quire.requestsPerSecond)} / ${formatInteger(reference.requestsPerSecond)})`,
              target: formatLimit(check),
              pass: check.pass,
            },
          ],
          checks: [check],
          problems,
        };
      } finally {
        nginx.kill('SIGQUIT');
        await new Promise((resolve) => nginx.once('exit', resolve));
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};

/** The page's body exactly as sent with `Accept-Encoding: gzip` (fetch would decode it). */
export async function fetchRawGzip(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: requestHeaders }, (response) => {
      if (response.headers['content-encoding'] !== 'gzip') {
        reject(new Error(`${url} was not sent gzipped`));
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
