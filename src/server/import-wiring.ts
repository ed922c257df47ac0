import { ensureUserAwaitingInvite } from '../features/admin/server/users.ts';
import { describeImage, storeImage } from '../features/content/server/media.ts';
import { findLibraryImage } from '../features/content/server/media-library.ts';
import { keepImportedRedirects } from '../features/content/server/redirects.ts';
import {
  ContentError,
  findPostRevision,
  savePost,
  setPostAuthor,
} from '../features/content/server/save-post.ts';
import { ensureImportedTag } from '../features/content/server/tags-admin.ts';
import { findForm, saveForm } from '../features/forms/server/forms-store.ts';
import {
  importedEntryFields,
  storeImportedEntry,
} from '../features/forms/server/imported-entries.ts';
import { serverRuleContext } from '../features/forms/server/rule-context.ts';
import type {
  ImportDependencies,
  ImportedPost,
  ImportWriters,
} from '../features/import/server/import-dependencies.ts';
import { mediaSourceFor } from '../features/import/server/media-sources.ts';
import { currencyOf } from '../features/payments/payment-settings.ts';
import { readPaymentSettings } from '../features/payments/server/payment-settings-store.ts';
import { siteFeedId } from '../features/share/feeds.ts';
import { importSubscribers } from '../features/share/server/subscriber-review.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import type { Logger } from '../platform/log.ts';
import { fromZonedInputs } from '../platform/time-zone.ts';

/** Slugs tried after the old one is taken here: `about-2` … `about-9`, then Quire's choice. */
const slugAttempts = (slug: string | undefined) =>
  slug === undefined
    ? [undefined]
    : [slug, ...Array.from({ length: 8 }, (_, i) => `${slug.slice(0, 77)}-${i + 2}`), undefined];

/** The import's writers: each feature's own, so imported things follow the owner's rules. */
function importWriters(handle: DatabaseHandle, log: Logger): ImportWriters {
  const { db } = handle;
  const findImage = async (id: number) => {
    const image = await findLibraryImage(db, id);
    return image && { id, fileName: image.fileName, width: image.width, height: image.height };
  };
  const savePostAs = async (post: ImportedPost, id?: number, baseRevision?: number) => {
    const { authorId, slug, ...input } = post;
    const edit = baseRevision === undefined ? {} : { baseRevision };
    for (const attempt of slugAttempts(slug)) {
      try {
        const saved = await savePost(
          handle,
          { ...input, ...(attempt === undefined ? {} : { slug: attempt }) },
          id,
          edit,
        );
        if (authorId !== null) await setPostAuthor(db, saved.id, authorId);
        const stored = await findPostRevision(db, saved.id);
        return { ...saved, revision: stored?.revision ?? 0 };
      } catch (error) {
        // The old address is taken here (another post, a word the site uses): try the next.
        if (!(error instanceof ContentError && error.message.startsWith('slug:'))) throw error;
        if (attempt === undefined) throw error;
      }
    }
    throw new ContentError('slug: no free address.');
  };
  return {
    savePost: savePostAs,
    findPost: (id) => findPostRevision(db, id),
    storeImage: async (bytes, fileName, alt) => {
      const id = await storeImage(db, bytes, fileName, alt);
      const facts = await findImage(id);
      if (!facts) throw new ContentError(`${fileName}: the image was not kept.`);
      return facts;
    },
    findImage,
    describeImage: async (id, alt) => {
      await describeImage(db, id, alt);
    },
    ensureTag: (name, slug) => ensureImportedTag(handle, name, slug),
    ensureAuthor: (author) => ensureUserAwaitingInvite(db, author, 'author'),
    saveForm: async (definition, id) => (await saveForm(handle, definition, id)).id,
    findForm: (id) => findForm(db, id),
    saveImportedEntry: async (entry, id) => {
      const form = await findForm(db, entry.formId);
      if (!form) throw new ContentError(`Form ${entry.formId} is not on this site.`);
      const now = Date.now();
      const { timeZone } = await readSiteSettings(db, log);
      const currency = currencyOf(await readPaymentSettings(db, log));
      const context = await serverRuleContext(form.definition, entry.values, {
        currency,
        timeZone,
        now,
      });
      const fields = importedEntryFields(form.definition, entry.values, context);
      const [date = '', clock = ''] = (entry.submittedAt ?? '').split(' ');
      const sent = fromZonedInputs(date, clock.slice(0, 5), timeZone);
      const submittedAt = sent === undefined ? now : sent + Number(clock.slice(6, 8) || 0) * 1000;
      return storeImportedEntry(
        db,
        { formId: form.id, fields, submittedAt, key: entry.key, now },
        id,
      );
    },
    saveRedirects: (redirects, dryRun) => keepImportedRedirects(db, redirects, dryRun),
    subscribe: async (emails, dryRun) => {
      const quoted = emails.map((email) => `"${email.replaceAll('"', '""')}"`);
      // Confirmed subscribers are never mailed: the site's secret and address are not needed.
      const report = await importSubscribers(
        handle,
        { secret: '', siteUrl: '', siteTitle: '' },
        {
          feed: { id: siteFeedId, title: '' },
          mode: 'confirmed',
          sendMails: false,
          text: ['email', ...quoted].join('\n'),
          dryRun,
        },
      );
      // Line 2 of the file handed over is the first address.
      const unchanged = report.notes.flatMap((note) => {
        const email = emails[note.line - 2];
        if (email === undefined) return [];
        const unsubscribed = note.kind === 'unsubscribed';
        return [{ email, unsubscribed, reason: note.message }];
      });
      return { added: report.added, unchanged };
    },
  };
}

/** What the import needs of the site, for the worker of a serving process and the command line. */
export function importDependencies(options: {
  database: DatabaseHandle;
  log: Logger;
  dataDir: string;
}): ImportDependencies {
  return {
    ...options,
    writers: importWriters(options.database, options.log),
    mediaSource: (run, exportHosts) => mediaSourceFor(run.options, exportHosts),
  };
}
