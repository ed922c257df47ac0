import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { largestRequestBytes } from '../../src/server/routes.ts';
import {
  nginxSample,
  plainHttpVariant,
  testNginxConfig,
  writeNginxConfig,
} from '../support/nginx.ts';

const run = promisify(execFile);

/** Where docs/deploy.md installs Quire, and where the sample unit looks for it. */
const installedAt = '/srv/quire';

/**
 * The samples docs/deploy.md shows, checked by the tools that will read them on a server:
 * nginx's own test of the configuration (as run over plain HTTP by nginx-proxy.test.ts, and
 * whole, with its TLS lines, on a certificate made here) and systemd's check of the unit.
 */
describe('the deployment samples', () => {
  const root = mkdtempSync('/tmp/quire-samples-');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('nginx takes the sample over plain HTTP, as nginx-proxy.test.ts runs it', async () => {
    const site = plainHttpVariant(readFileSync(nginxSample, 'utf8'), {
      listenPort: 8080,
      upstreamPort: 4321,
    });
    const result = await testNginxConfig(root, writeNginxConfig(root, 'plain', site));
    expect(result.output).toContain('test is successful');
    expect(result.output).not.toMatch(/\[(warn|emerg|alert)\]/);
    expect(result.ok).toBe(true);
  });

  it('nginx takes the whole sample, TLS and redirect included', async () => {
    const key = join(root, 'privkey.pem');
    const certificate = join(root, 'fullchain.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=blog.example.org',
      '-keyout',
      key,
      '-out',
      certificate,
    ]);
    const site = readFileSync(nginxSample, 'utf8').replaceAll(
      '/etc/letsencrypt/live/blog.example.org/',
      `${root}/`,
    );
    const result = await testNginxConfig(root, writeNginxConfig(root, 'tls', site));
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
  });

  it('lets through the largest body Quire takes, so every refusal is in Quire’s words', () => {
    const size = /^\s*client_max_body_size (\d+)m;/m.exec(readFileSync(nginxSample, 'utf8'))?.[1];
    expect(Number(size) * 1024 * 1024).toBe(largestRequestBytes);
  });

  it('systemd finds nothing to say about the unit, installed where this checkout is', async () => {
    const environment = join(root, 'quire.env');
    copyFileSync('deploy/quire.env.example', environment);
    const unit = join(root, 'quire.service');
    writeFileSync(
      unit,
      readFileSync('deploy/quire.service', 'utf8')
        .replaceAll(installedAt, resolve('.'))
        .replace('EnvironmentFile=/etc/quire/quire.env', `EnvironmentFile=${environment}`),
    );
    // Warnings (an unknown key, a value it cannot read) do not change its exit code.
    const { stderr } = await run('systemd-analyze', ['verify', unit]);
    expect(stderr.split('\n').filter((line) => line.includes('quire.service'))).toEqual([]);
  });

  it('the quire command runs the command line with the service’s settings', async () => {
    const dataDir = join(root, 'data');
    const environment = join(root, 'cli.env');
    writeFileSync(
      environment,
      readFileSync('deploy/quire.env.example', 'utf8')
        .replace(
          'DATABASE_URL=sqlite:/var/lib/quire/quire.db',
          `DATABASE_URL=sqlite:${dataDir}/quire.db`,
        )
        .replace('DATA_DIR=/var/lib/quire', `DATA_DIR=${dataDir}`),
    );
    // As this user, from this checkout: the switch to the user quire is all that is left out.
    const script = join(root, 'quire');
    const command = readFileSync('deploy/quire', 'utf8')
      .replace(/^\[ "\$\(id -u\)" -eq 0 \] \|\| exec sudo "\$0" "\$@"\n/m, '')
      .replace('runuser -u quire -- ', '')
      .replaceAll(installedAt, resolve('.'))
      .replace('/etc/quire/quire.env', environment);
    const code = command.split('\n').filter((line) => !line.startsWith('#'));
    expect(code.join('\n')).not.toMatch(/sudo|runuser/);
    writeFileSync(script, command);
    const { stdout } = await run('sh', [script, 'version']);
    expect(stdout).toContain(`Database: SQLite ${dataDir}/quire.db`);
    expect(stdout).toMatch(/^Schema: none yet/m);
  });
});
