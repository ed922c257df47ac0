import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { environmentVariables, parseConfig } from '../src/platform/config.ts';

const guide = readFileSync('docs/deploy.md', 'utf8');
const environmentExample = readFileSync('deploy/quire.env.example', 'utf8');

/** Read by config.ts for the tests alone (a local stand-in for Stripe's API). */
const testOnly = ['STRIPE_API_URL'];

/** `NAME=value` lines, set or shown commented at their default, with quotes taken off. */
function settings(file: string, which: 'set' | 'all'): Map<string, string> {
  const pattern = which === 'set' ? /^([A-Z][A-Z0-9_]*)=(.*)$/ : /^#?([A-Z][A-Z0-9_]*)=(.*)$/;
  const found = new Map<string, string>();
  for (const line of file.split('\n')) {
    const match = pattern.exec(line);
    if (match) found.set(match[1] as string, (match[2] as string).replace(/^'(.*)'$/, '$1'));
  }
  return found;
}

describe('docs/deploy.md and its files', () => {
  it('shows each file in deploy/ whole, as it is installed and tested', () => {
    for (const file of [
      'deploy/nginx/quire.conf',
      'deploy/quire.service',
      'deploy/quire.env.example',
      'deploy/quire',
    ]) {
      expect(guide, file).toContain(`\n${readFileSync(file, 'utf8')}\`\`\`\n`);
    }
  });

  it('lists every variable Quire reads in the settings file, and only those', () => {
    const listed = [...settings(environmentExample, 'all').keys()];
    expect(listed.filter((name) => !environmentVariables.includes(name))).toEqual([]);
    expect(
      environmentVariables.filter((name) => !listed.includes(name) && !testOnly.includes(name)),
    ).toEqual([]);
  });

  it('sets values Quire takes as they stand', () => {
    const config = parseConfig(Object.fromEntries(settings(environmentExample, 'set')));
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4321,
      siteUrl: 'https://blog.example.org',
      trustedProxies: 1,
      database: { kind: 'sqlite', file: '/var/lib/quire/quire.db' },
      dataDir: '/var/lib/quire',
      demoContent: 'never',
    });
    // Each commented line shows a value Quire takes too, once filled in.
    // (The administrator's address is taken only with a password.)
    const admin = { QUIRE_ADMIN_EMAIL: 'me@example.org', QUIRE_ADMIN_PASSWORD: 'a long password' };
    for (const [name, value] of settings(environmentExample, 'all')) {
      if (value === '') continue;
      expect(() => parseConfig({ ...admin, [name]: value }), name).not.toThrow();
    }
  });

  it('reads the same to systemd and to sh (the quire command sources it)', () => {
    // Unquoted, only what neither of them treats specially; anything else in single quotes.
    for (const line of environmentExample.split('\n')) {
      const value = /^#?[A-Z][A-Z0-9_]*=(.*)$/.exec(line)?.[1];
      if (value === undefined) continue;
      expect(value, line).toMatch(/^(?:[\w.:/@?=%+,-]*|'[^']*')$/);
    }
  });
});
