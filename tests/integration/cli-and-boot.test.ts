import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { verifyPassword } from '../../src/features/admin/server/passwords.ts';
import { createSession, signedInUserId } from '../../src/features/admin/server/sessions.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import { connectDatabase } from '../../src/platform/db/connect.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { migrationList } from '../../src/platform/db/migrations/migration-list.ts';
import { boot } from '../../src/server/boot.ts';
import { seedDemoSite } from '../../src/server/demo-seed.ts';
import { runQuire, runWithNode } from '../support/quire-cli.ts';
import { serverEntry } from '../support/server-entry.ts';
import { freePort } from '../support/test-server.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `quire …args` on the test's SQLite database; `env` goes over that DATABASE_URL. */
function quire(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  return runQuire(
    args,
    { DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`, ...options.env },
    { input: options.input },
  );
}

/** Ends with exit code 1 and one line, no stack trace. */
function expectOneLine({ code, stderr }: { code: number | null; stderr: string }): string {
  expect(code, stderr).toBe(1);
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0] as string;
}

describe('boot', () => {
  it('migrates, seeds the demo site once and keeps its generated secret', async () => {
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`,
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
    };
    const first = await boot(env);
    const posts = await first.database.db.selectFrom('posts').select('id').execute();
    await first.close();
    const second = await boot(env);
    expect(second.secret).toBe(first.secret);
    expect(second.secret.length).toBeGreaterThanOrEqual(40);
    expect((await second.database.db.selectFrom('posts').select('id').execute()).length).toBe(
      posts.length,
    );
    await second.close();
    expect(posts.length).toBeGreaterThanOrEqual(12);
  });

  it('creates the first administrator from the environment with a scrypt hash', async () => {
    const app = await boot({
      DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`,
      QUIRE_DEMO_CONTENT: 'never',
      QUIRE_ADMIN_EMAIL: 'Owner@Example.org',
      QUIRE_ADMIN_PASSWORD: 'correct horse battery',
      LOG_LEVEL: 'silent',
    });
    const user = await app.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    await app.close();
    expect(user.email).toBe('owner@example.org');
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('correct horse battery', user.password_hash)).toBe(true);
    expect(await verifyPassword('wrong horse battery', user.password_hash)).toBe(false);
  });

  it('stops the server at start with a message naming a bad variable', () => {
    const result = spawnSync(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', serverEntry],
      {
        encoding: 'utf8',
        env: { ...process.env, PORT: 'eighty', QUIRE_DIST_DIR: 'dist' },
        timeout: 20_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="eighty"');
  });

  it('fails the start when a worker cannot boot, rather than restarting it forever', async () => {
    const notAFolder = join(dir, 'not-a-folder');
    writeFileSync(notAFolder, '');
    const result = spawnSync(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', serverEntry],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          WEB_CONCURRENCY: '2',
          // A port of its own: a start listens while it boots (4321, the default, may be taken).
          PORT: String(await freePort()),
          // A file where the database's folder should be.
          DATABASE_URL: `sqlite:${join(notAFolder, 'quire.db')}`,
        },
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(1);
    // Both workers met it; the primary says it once.
    expect(result.stderr.trim().split('\n')).toEqual([
      `DATABASE_URL: "${notAFolder}" is a file where a folder should be, and SQLite keeps the database "${join(notAFolder, 'quire.db')}" and its journal there; make it a folder this user may write, or choose another path`,
    ]);
  });

  it('stops a start on a port in use with one line naming PORT, before printing anything else', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      // Four workers as well: every one of them is told of the failed listen, as the primary stops them.
      for (const workers of ['1', '2', '4']) {
        const start = await runWithNode([serverEntry], {
          PORT: String(port),
          WEB_CONCURRENCY: workers,
          QUIRE_DIST_DIR: 'dist',
          DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`,
          DATA_DIR: join(dir, 'data'),
        });
        expect(expectOneLine(start)).toBe(
          `PORT: 127.0.0.1:${port} is already in use by another program (another Quire?); stop it, or set PORT to a free port`,
        );
        // No set-up link for a site that never served.
        expect(start.stdout).toBe('');
      }
    } finally {
      taken.close();
    }
  }, 60_000);

  it('stops a start on a database or data folder it cannot write with one line naming the folder', async () => {
    // Root may write anywhere: the site is run as nobody then, as a service user would be, in
    // a folder under /tmp (which everyone may search), as TMPDIR may be private to root.
    const asRoot = process.getuid?.() === 0;
    const sandbox = asRoot ? mkdtempSync('/tmp/quire-rights-') : dir;
    onTestFinished(() => rmSync(sandbox, { recursive: true, force: true }));
    const site = join(sandbox, 'site');
    const readOnly = join(site, 'read-only');
    mkdirSync(readOnly, { recursive: true });
    chmodSync(sandbox, 0o755);
    chmodSync(site, 0o777);
    chmodSync(readOnly, 0o555);
    // A folder it may not even look into hides what is below it: that folder is named.
    const hidden = join(site, 'private');
    mkdirSync(join(hidden, 'data'), { recursive: true });
    chmodSync(hidden, 0o700);
    const options = asRoot ? { uid: 65534 } : {};
    const user = asRoot ? 'nobody' : userInfo().username;
    const file = join(readOnly, 'quire.db');
    const cases = [
      {
        // The CLI opens the database too; the data folder is the serving site's.
        commands: [[serverEntry], ['src/cli/quire.ts', 'coupons', 'list']],
        env: { DATABASE_URL: `sqlite:${file}`, DATA_DIR: join(site, 'data') },
        line: `DATABASE_URL: the folder "${readOnly}" cannot be written by this process (user ${user}), and SQLite keeps the database "${file}" and its journal there; make it a folder this user may write, or choose another path`,
      },
      {
        commands: [[serverEntry]],
        env: { DATABASE_URL: `sqlite:${join(site, 'quire.db')}`, DATA_DIR: join(readOnly, 'data') },
        line: `DATA_DIR: the folder "${readOnly}" cannot be written by this process (user ${user}); Quire keeps the mail outbox and resized images there: make it a folder this user may write, or set DATA_DIR to one`,
      },
      ...(asRoot
        ? [
            {
              commands: [[serverEntry]],
              env: {
                DATABASE_URL: `sqlite:${join(site, 'quire.db')}`,
                DATA_DIR: join(hidden, 'data'),
              },
              line: `DATA_DIR: the folder "${hidden}" cannot be written by this process (user ${user}); Quire keeps the mail outbox and resized images there: make it a folder this user may write, or set DATA_DIR to one`,
            },
          ]
        : []),
    ];
    for (const { commands, env, line } of cases) {
      for (const args of commands) {
        const start = await runWithNode(
          args,
          { ...env, QUIRE_DIST_DIR: 'dist', PORT: String(await freePort()) },
          options,
        );
        expect(expectOneLine(start)).toBe(line);
      }
    }
  }, 60_000);

  it('stops a start on a PostgreSQL it cannot use with one line naming DATABASE_URL and the host', async () => {
    const badPort = 'postgres://quire:db-s3cret@127.0.0.1:99999/site';
    // Port 1: nothing listens there, so every attempt is refused until the start gives up.
    const unreachable = 'postgres://quire:db-s3cret@127.0.0.1:1/site';
    const serverStarts = ['1', '2'].flatMap((workers) =>
      [badPort, unreachable].map((url) => ({ workers, url })),
    );
    // Each on a port of its own: a start listens while it boots, until the database fails it.
    const ports = await Promise.all(serverStarts.map(() => freePort()));
    const starts = [
      ...serverStarts.map(({ workers, url }, index) =>
        runWithNode([serverEntry], {
          DATABASE_URL: url,
          WEB_CONCURRENCY: workers,
          QUIRE_DIST_DIR: 'dist',
          PORT: String(ports[index]),
        }),
      ),
      ...[badPort, unreachable].map((url) => runQuire(['coupons', 'list'], { DATABASE_URL: url })),
    ];
    for (const { code, stderr } of await Promise.all(starts)) {
      expect(code, stderr).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/DATABASE_URL.*127\.0\.0\.1/);
      expect(stderr).not.toContain('db-s3cret');
      expect(stderr).not.toMatch(/^\s+at |TypeError|Invalid URL/m);
    }
  }, 60_000);

  it('names bad secret variables at start, once, without ever printing their secrets', async () => {
    const secrets = {
      QUIRE_ADMIN_PASSWORD: 'hunter2-pw',
      QUIRE_SECRET: 'too-short-s3cret',
      DATABASE_URL: 'mysql://quire:db-pa55word@db.example/quire',
      MAIL_URL: 'http://mailer:m4il-pa55word@smtp.example:587/?key=m4il-api-key',
    };
    const result = spawnSync(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', serverEntry],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          // The serving processes read these as they start (the primary reads only its own).
          WEB_CONCURRENCY: '2',
          PORT: String(await freePort()),
          QUIRE_ADMIN_EMAIL: 'me@example.org',
          ...secrets,
        },
        timeout: 20_000,
      },
    );
    expect(result.status).toBe(1);
    const output = result.stderr + result.stdout;
    for (const name of Object.keys(secrets)) {
      expect(output).toContain(name);
      // Both workers met them; the primary says so once.
      expect(output.split(`variable ${name}`)).toHaveLength(2);
    }
    for (const secret of [
      'hunter2-pw',
      'too-short-s3cret',
      'db-pa55word',
      'm4il-pa55word',
      'm4il-api-key',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('DATABASE_URL="mysql://quire:***@db.example/quire"');
  });
});

describe('quire CLI', () => {
  it('tells its version and where the database schema stands, without making a database', async () => {
    const file = join(dir, 'quire.db');
    const before = await quire(['version']);
    expect(before.code, before.stderr).toBe(0);
    const count = migrationList.length;
    expect(before.stdout).toBe(
      `Quire ${packageJson.version} on Node.js ${process.versions.node}\nDatabase: SQLite ${file}\nSchema: none yet; the first start creates it (${count} migrations).\n`,
    );
    expect(existsSync(file)).toBe(false);
    expect((await quire(['coupons', 'list'])).code).toBe(0);
    expect((await quire(['version'])).stdout).toContain(
      `Schema: ${migrationList.at(-1)?.name}, up to date (${count} migrations).`,
    );
    expect((await quire(['version', 'extra'])).code).toBe(2);
  });

  it('removes the demo content once, and says so', async () => {
    const handle = connectDatabase({ kind: 'sqlite', file: join(dir, 'quire.db') });
    await migrateToLatest(handle.db, handle.kind);
    await seedDemoSite(handle);
    await handle.db.destroy();
    const removed = await quire(['demo', 'remove']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(
      /^The demo content is gone: \d+ posts, \d+ pages, \d+ forms, \d+ images, 1 coupon and \d+ settings\.\n$/,
    );
    expect((await quire(['demo', 'remove'])).stdout).toBe(
      'There is no demo content left to remove.\n',
    );
    expect((await quire(['demo', 'keep'])).code).toBe(2);
  });

  it('lists users, invites one through the outbox and changes a role', async () => {
    const created = await quire(['admin', 'create', '--email', 'owner@example.org'], {
      input: 'a long enough password\n',
    });
    expect(created.code, created.stderr).toBe(0);
    const invited = await quire(['users', 'invite', 'ed@example.org', '--role', 'editor']);
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stdout).toMatch(
      /^Invited ed@example\.org as editor; the mail is in the outbox\. The link, valid 7 days:\nhttp:\/\/\S+\/admin\/invite\/\S+\n$/,
    );
    expect(
      (await quire(['users', 'invite', 'ed@example.org', '--role', 'editor'])).stderr,
    ).toContain('ed@example.org is invited already');
    expect((await quire(['users', 'list'])).stdout).toBe(
      'owner@example.org\tadministrator\t0 posts\tSite owner\n',
    );
    expect(
      (await quire(['users', 'role', 'owner@example.org', '--role', 'author'])).stderr,
    ).toContain('The site needs an administrator');
    expect((await quire(['users', 'invite', 'x@example.org', '--role', 'owner'])).code).toBe(2);
  });

  it('explains itself and refuses unknown commands', async () => {
    expect((await quire(['help'])).stdout).toContain('import <file.json>');
    const unknown = await quire(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
  });

  it('creates an administrator with the password from standard input, once', async () => {
    const created = await quire(['admin', 'create', '--email', 'me@example.org'], {
      input: 'a long enough password\n',
    });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created the administrator me@example.org');
    const again = await quire(['admin', 'create', '--email', 'me@example.org'], {
      input: 'another long password\n',
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const short = await quire(['admin', 'create', '--email', 'you@example.org'], {
      input: 'short\n',
    });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
  });

  it('resets an administrator password and ends every session of it', async () => {
    await quire(['admin', 'create', '--email', 'me@example.org'], {
      input: 'a long enough password\n',
    });
    const handle = connectDatabase({ kind: 'sqlite', file: join(dir, 'quire.db') });
    try {
      const { id } = await handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'me@example.org')
        .executeTakeFirstOrThrow();
      const token = await createSession(handle.db, id);
      const reset = await quire(['admin', 'password', '--email', 'Me@Example.org'], {
        input: 'a brand new password\n',
      });
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).toContain('Set a new password for me@example.org');
      const user = await handle.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword('a brand new password', user.password_hash)).toBe(true);
      expect(await signedInUserId(handle.db, `${sessionCookieName}=${token}`)).toBeUndefined();
    } finally {
      await handle.db.destroy();
    }
    const unknown = await quire(['admin', 'password', '--email', 'you@example.org'], {
      input: 'a brand new password\n',
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No administrator account has the address you@example.org');
    const short = await quire(['admin', 'password', '--email', 'me@example.org'], {
      input: 'short\n',
    });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
  });

  it('exports every post with its images and imports them into another site', async () => {
    const app = await boot({
      DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`,
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
    });
    await app.close();
    const file = join(dir, 'site.json');
    const exported = await quire(['export', file]);
    expect(exported.code, exported.stderr).toBe(0);
    const archive = JSON.parse(readFileSync(file, 'utf8'));
    expect(archive.format).toBe('quire-content');
    expect(archive.posts.length).toBeGreaterThanOrEqual(12);
    expect(archive.media.length).toBeGreaterThan(0);

    const otherDb = join(dir, 'other.db');
    const imported = await quire(['import', file], { env: { DATABASE_URL: `sqlite:${otherDb}` } });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      `Imported ${archive.posts.length} posts and pages, ${archive.media.length} images.`,
    );
    const other = connectDatabase({ kind: 'sqlite', file: otherDb });
    const covers = await other.db
      .selectFrom('posts')
      .select('cover_media_id')
      .where('cover_media_id', 'is not', null)
      .execute();
    await other.db.destroy();
    expect(covers.length).toBeGreaterThan(0);

    const twice = await quire(['import', file], { env: { DATABASE_URL: `sqlite:${otherDb}` } });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('is already used by another post');
  });

  it('says clearly what is wrong with a bad file', async () => {
    expect((await quire(['import', join(dir, 'missing.json')])).stderr).toContain('ENOENT');
    writeFileSync(join(dir, 'broken.json'), '{ nope');
    expect((await quire(['import', join(dir, 'broken.json')])).stderr).toContain('not valid JSON');
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ posts: [] }));
    const wrong = await quire(['import', join(dir, 'other.json')]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('not a Quire content file');
  });
});
