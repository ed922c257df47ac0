import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readSiteSettings,
  writeSiteSettings,
} from '../../src/features/site/server/site-settings-store.ts';
import { siteSettingsKey } from '../../src/features/site/site-settings.ts';
import { readContentVersion } from '../../src/platform/cache/content-version.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';

/** A logger that keeps what it was told, so a test can read the warnings. */
function recordingLog() {
  const warnings: { message: string; details?: Record<string, unknown> }[] = [];
  return {
    warnings,
    warn: (message: string, details?: Record<string, unknown>) =>
      warnings.push({ message, details }),
  };
}

for (const database of testDatabases()) {
  describe(`settings on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle?.close());

    const store = (value: unknown) =>
      handle.db
        .insertInto('settings')
        .values({ key: siteSettingsKey, value: JSON.stringify(value) })
        .onConflict((c) => c.column('key').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();

    it('keep the valid values of a stored group when one is invalid, and log the problem once', async () => {
      await store({
        title: 'Field Notes',
        footerText: 'Written by hand.',
        postsPerPage: 500,
        menu: [
          { label: 'About', url: '/about/' },
          { label: '', url: '/nameless/' },
        ],
        unknownSetting: true,
      });
      const log = recordingLog();
      const settings = await readSiteSettings(handle.db, log);
      expect(settings.title).toBe('Field Notes');
      expect(settings.footerText).toBe('Written by hand.');
      expect(settings.postsPerPage).toBe(8);
      expect(settings.menu).toEqual([{ label: 'About', url: '/about/', children: [] }]);
      expect(log.warnings).toHaveLength(1);
      expect(log.warnings[0]?.message).toContain(`"${siteSettingsKey}"`);
      expect(JSON.stringify(log.warnings[0]?.details)).toContain('postsPerPage');
      expect(JSON.stringify(log.warnings[0]?.details)).toContain('menu.1.label');
      await readSiteSettings(handle.db, log);
      expect(log.warnings).toHaveLength(1);
    });

    it('save onto a group with an invalid value without losing its valid ones', async () => {
      await store({ title: 'Field Notes', postsPerPage: 'many' });
      const saved = await writeSiteSettings(handle.db, { footerText: 'New footer' });
      expect(saved).toMatchObject({
        title: 'Field Notes',
        footerText: 'New footer',
        postsPerPage: 8,
      });
    });

    it('save in one transaction: saves at the same moment keep each other’s changes', async () => {
      await store({});
      const changes = [
        { title: 'A title' },
        { description: 'A description' },
        { footerText: 'A footer' },
        { postsPerPage: 5 },
        { copyProtection: false },
        { locale: 'en-GB' },
      ];
      const before = await readContentVersion(handle.db);
      await Promise.all(changes.map((change) => writeSiteSettings(handle.db, change)));
      const settings = await readSiteSettings(handle.db, recordingLog());
      for (const change of changes) expect(settings).toMatchObject(change);
      expect(await readContentVersion(handle.db)).toBe(before + changes.length);
    });

    it('refuse an invalid save whole: nothing is written, pages are not refreshed', async () => {
      await store({ title: 'Kept' });
      const before = await readContentVersion(handle.db);
      await expect(writeSiteSettings(handle.db, { postsPerPage: 500 })).rejects.toThrow();
      expect((await readSiteSettings(handle.db, recordingLog())).title).toBe('Kept');
      expect(await readContentVersion(handle.db)).toBe(before);
    });
  });
}
