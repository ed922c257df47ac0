import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The Debian package's nginx (`apt-get install nginx`; .ci/run installs it). */
export const nginxBinary = '/usr/sbin/nginx';

/** The sample docs/deploy.md shows, as an owner installs it. */
export const nginxSample = 'deploy/nginx/quire.conf';

const run = promisify(execFile);

/**
 * The sample over plain HTTP, changed in three mechanical ways and no other: every line that
 * ends in `# tls` is left out, the https `listen` line listens on `listenPort` of 127.0.0.1,
 * and the upstream is Quire on `upstreamPort`. Each change must find its line exactly once,
 * so a sample edited past what this knows fails here instead of being tested half.
 */
export function plainHttpVariant(
  sample: string,
  ports: { listenPort: number; upstreamPort: number },
): string {
  const lines = sample.split('\n').filter((line) => !/#\s*tls\s*$/.test(line));
  const replaceOnce = (pattern: RegExp, replacement: string) => {
    const matching = lines.filter((line) => pattern.test(line));
    if (matching.length !== 1) {
      throw new Error(
        `${nginxSample}: expected one line matching ${pattern}, found ${matching.length}`,
      );
    }
    const index = lines.findIndex((line) => pattern.test(line));
    lines[index] = (lines[index] as string).replace(pattern, replacement);
  };
  replaceOnce(/^(\s*)listen 443 ssl http2;$/, `$1listen 127.0.0.1:${ports.listenPort};`);
  replaceOnce(/^(\s*)server 127\.0\.0\.1:4321;/, `$1server 127.0.0.1:${ports.upstreamPort};`);
  return lines.join('\n');
}

/**
 * nginx's own main file around a site file, in `root`: what Debian's /etc/nginx/nginx.conf
 * gives every site that matters here (gzip on, as Debian has it), with the pid, the logs and
 * the temporary files in `root` so it runs as any user.
 */
function mainConfig(root: string, siteFile: string): string {
  const temp = (name: string) => join(root, 'temp', name);
  return `daemon off;
worker_processes 1;
pid ${join(root, 'nginx.pid')};
error_log ${join(root, 'error.log')} info;
events { worker_connections 256; }
http {
  access_log ${join(root, 'access.log')};
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  sendfile on;
  gzip on;
  include ${siteFile};
}
`;
}

/** Writes a site file with its main file into `root`; the main file's path. */
export function writeNginxConfig(root: string, name: string, site: string): string {
  // Started as root, nginx's worker runs as nobody: it must reach its temporary files.
  chmodSync(root, 0o755);
  mkdirSync(join(root, 'temp'), { recursive: true, mode: 0o777 });
  const siteFile = join(root, `${name}.site.conf`);
  writeFileSync(siteFile, site);
  const main = join(root, `${name}.conf`);
  writeFileSync(main, mainConfig(root, siteFile));
  return main;
}

/** `nginx -t` on a main file: whether it passed, and everything it said. */
export async function testNginxConfig(
  root: string,
  main: string,
): Promise<{ ok: boolean; output: string }> {
  try {
    const { stderr, stdout } = await run(nginxBinary, ['-t', '-p', root, '-c', main]);
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

export type RunningNginx = {
  /** Everything nginx has logged so far (level info and above). */
  errorLog: () => string;
  stop: () => Promise<void>;
};

/** Runs nginx on a main file in the foreground and waits until `port` answers. */
export async function startNginx(root: string, main: string, port: number): Promise<RunningNginx> {
  if (!existsSync(nginxBinary)) {
    throw new Error(`No nginx at ${nginxBinary}: apt-get install nginx (.ci/run installs it)`);
  }
  const errorLogFile = join(root, 'error.log');
  const errorLog = () => (existsSync(errorLogFile) ? readFileSync(errorLogFile, 'utf8') : '');
  const nginx: ChildProcess = spawn(nginxBinary, ['-p', root, '-e', errorLogFile, '-c', main], {
    stdio: 'ignore',
  });
  const stop = async () => {
    if (nginx.exitCode !== null || nginx.signalCode !== null) return;
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    // QUIT: nginx's graceful stop; its worker ends with it.
    nginx.kill('SIGQUIT');
    await exited;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/robots.txt`);
      return { errorLog, stop };
    } catch {
      // Not listening yet.
    }
    if (nginx.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start: ${errorLog().trim().split('\n').at(-1) ?? ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
