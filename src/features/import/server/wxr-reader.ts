import sax from 'sax';
import { importMessages } from '../messages.ts';
import { type PhpValue, phpUnserialize } from '../php-unserialize.ts';

/**
 * A streamed reader of WordPress exports (WXR 1.0–1.2). It takes the file as chunks and
 * yields the site, authors, terms and items one at a time, so a 500 MB export is never
 * held in memory. Elements are matched by namespace URI (any prefix), falling back to
 * the prefix WordPress uses when a file leaves a namespace undeclared.
 */
export type WxrSite = { title: string; link: string; baseSiteUrl: string; baseBlogUrl: string };
export type WxrAuthor = { id: number; login: string; email: string; displayName: string };
export type WxrTerm = { id: number; slug: string; name: string; parent: string };
export type WxrItemTerm = { domain: string; slug: string; name: string };
export type WxrComment = {
  id: number;
  author: string;
  authorEmail: string;
  dateGmt: string;
  content: string;
  approved: string;
  parent: number;
  type: string;
};
export type WxrAttachmentMetadata = {
  file: string;
  width?: number;
  height?: number;
  sizes: string[];
};
export type WxrItem = {
  id: number;
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  dateGmt: string;
  slug: string;
  status: string;
  type: string;
  parent: number;
  menuOrder: number;
  sticky: boolean;
  attachmentUrl: string;
  terms: WxrItemTerm[];
  meta: Record<string, string>;
  thumbnailId?: number;
  attachedFile?: string;
  attachmentMetadata?: WxrAttachmentMetadata;
  comments: WxrComment[];
};
export type WxrEntry =
  | { kind: 'site'; site: WxrSite }
  | { kind: 'author'; author: WxrAuthor }
  | { kind: 'category'; term: WxrTerm }
  | { kind: 'tag'; term: WxrTerm }
  | { kind: 'item'; item: WxrItem };

/** The error an unreadable export raises; its message is meant for the owner. */
export class WxrReadError extends Error {}

const prefixOfUri = (uri: string) => {
  if (/^https?:\/\/wordpress\.org\/export\/1\.\d+\/excerpt\/?$/.test(uri)) return 'excerpt';
  if (/^https?:\/\/wordpress\.org\/export\/1\.\d+\/?$/.test(uri)) return 'wp';
  if (uri === 'http://purl.org/rss/1.0/modules/content/') return 'content';
  if (uri === 'http://purl.org/dc/elements/1.1/') return 'dc';
  return undefined;
};

/**
 * A copy of `text` that shares no memory with the chunk it was read from. sax hands out
 * substrings of the decoded chunk, and V8 keeps a substring as a view of its whole parent: one
 * alt text or slug kept for the rest of the run would hold its 64 KB chunk, and the import keeps
 * tens of thousands of them (a 47 MB export stayed in memory whole). Prepending a character
 * makes V8 flatten the pair into a new string; the slice is then a view of that copy only.
 */
const detached = (text: string) => (text === '' ? '' : ` ${text}`.slice(1));

const int = (text: string) => {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
};

function emptyItem(): WxrItem {
  return {
    ...{ id: 0, title: '', link: '', guid: '', creator: '', content: '', excerpt: '' },
    ...{ dateGmt: '', slug: '', status: '', type: '', parent: 0, menuOrder: 0 },
    ...{ sticky: false, attachmentUrl: '', terms: [], meta: {}, comments: [] },
  };
}

function attachmentMetadataOf(value: PhpValue | undefined): WxrAttachmentMetadata | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const sizes = value.sizes && typeof value.sizes === 'object' ? value.sizes : {};
  return {
    file: typeof value.file === 'string' ? value.file : '',
    width: typeof value.width === 'number' ? value.width : undefined,
    height: typeof value.height === 'number' ? value.height : undefined,
    sizes: Object.values(sizes).flatMap((size) =>
      size && typeof size === 'object' && typeof size.file === 'string' ? [size.file] : [],
    ),
  };
}

/** Completes an item from its post meta (covers, files, image sizes). */
function finishItem(item: WxrItem): WxrItem {
  const thumbnail = item.meta._thumbnail_id;
  if (thumbnail && /^\d+$/.test(thumbnail)) item.thumbnailId = Number(thumbnail);
  if (item.meta._wp_attached_file) item.attachedFile = item.meta._wp_attached_file;
  const metadata = item.meta._wp_attachment_metadata;
  if (metadata) item.attachmentMetadata = attachmentMetadataOf(phpUnserialize(metadata));
  return item;
}

export async function* readWxr(
  source: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<WxrEntry> {
  const parser = sax.parser(true, { xmlns: true, trim: false, normalize: false });
  const queue: WxrEntry[] = [];
  const path: string[] = [];
  const site: WxrSite = { title: '', link: '', baseSiteUrl: '', baseBlogUrl: '' };
  let siteSent = false;
  let sawWordPress = false;
  let text = '';
  let item: WxrItem | undefined;
  let author: WxrAuthor | undefined;
  let term: (WxrTerm & { kind: 'category' | 'tag' }) | undefined;
  let itemTerm: WxrItemTerm | undefined;
  let meta: { key: string; value: string } | undefined;
  let comment: WxrComment | undefined;

  const sendSite = () => {
    if (!siteSent) queue.push({ kind: 'site', site });
    siteSent = true;
  };
  const nameOf = (node: sax.QualifiedTag) => {
    const prefix = prefixOfUri(node.uri) ?? node.prefix;
    if (prefix === 'wp' || prefix === 'excerpt') sawWordPress = true;
    return prefix ? `${prefix}:${node.local}` : node.local;
  };

  parser.onerror = (error) => {
    // WordPress's own prefixes are known; a file that forgets to declare them is still read.
    if (error.message.startsWith('Unbound namespace prefix')) return void parser.resume();
    // Not XML at all (a Ghost JSON export, a zip): say what the file should be.
    if (path.length === 0 && !siteSent) throw new WxrReadError(importMessages.notWordPressExport);
    const reason = error.message.split('\n')[0] ?? '';
    throw new WxrReadError(importMessages.brokenExport(parser.line + 1, reason));
  };
  parser.ontext = (chunk) => {
    text += chunk;
  };
  parser.oncdata = (chunk) => {
    text += chunk;
  };
  parser.onopentag = (node) => {
    const tag = node as sax.QualifiedTag;
    const name = nameOf(tag);
    path.push(name);
    text = '';
    const attribute = (key: string) => detached(tag.attributes[key]?.value ?? '');
    if (name === 'item') {
      sendSite();
      item = emptyItem();
    } else if (name === 'wp:author' && !item) {
      sendSite();
      author = { id: 0, login: '', email: '', displayName: '' };
    } else if ((name === 'wp:category' || name === 'wp:tag') && !item) {
      sendSite();
      const kind = name === 'wp:tag' ? 'tag' : 'category';
      term = { kind, id: 0, slug: '', name: '', parent: '' };
    } else if (name === 'category' && item) {
      itemTerm = { domain: attribute('domain'), slug: attribute('nicename'), name: '' };
    } else if (name === 'wp:postmeta' && item) {
      meta = { key: '', value: '' };
    } else if (name === 'wp:comment' && item) {
      comment = {
        ...{ id: 0, author: '', authorEmail: '', dateGmt: '', content: '' },
        ...{ approved: '', parent: 0, type: '' },
      };
    }
  };
  parser.onclosetag = () => {
    const name = path.pop() ?? '';
    const parent = path.at(-1);
    const value = detached(text);
    text = '';
    if (comment) {
      if (name === 'wp:comment') {
        item?.comments.push(comment);
        comment = undefined;
      } else if (name === 'wp:comment_id') comment.id = int(value);
      else if (name === 'wp:comment_author') comment.author = value;
      else if (name === 'wp:comment_author_email') comment.authorEmail = value;
      else if (name === 'wp:comment_date_gmt') comment.dateGmt = value;
      else if (name === 'wp:comment_content') comment.content = value;
      else if (name === 'wp:comment_approved') comment.approved = value;
      else if (name === 'wp:comment_parent') comment.parent = int(value);
      else if (name === 'wp:comment_type') comment.type = value;
      return;
    }
    if (meta) {
      if (name === 'wp:postmeta') {
        if (item && meta.key) item.meta[meta.key] = meta.value;
        meta = undefined;
      } else if (name === 'wp:meta_key') meta.key = value;
      else if (name === 'wp:meta_value') meta.value = value;
      return;
    }
    if (item) {
      if (name === 'item') {
        queue.push({ kind: 'item', item: finishItem(item) });
        item = undefined;
      } else if (name === 'category' && itemTerm) {
        item.terms.push({ ...itemTerm, name: value });
        itemTerm = undefined;
      } else if (parent === 'item') setItemField(item, name, value);
      return;
    }
    if (author) {
      if (name === 'wp:author') {
        queue.push({ kind: 'author', author });
        author = undefined;
      } else if (name === 'wp:author_id') author.id = int(value);
      else if (name === 'wp:author_login') author.login = value;
      else if (name === 'wp:author_email') author.email = value;
      else if (name === 'wp:author_display_name') author.displayName = value;
      return;
    }
    if (term) {
      if (name === 'wp:category' || name === 'wp:tag') {
        const { kind, ...rest } = term;
        queue.push({ kind, term: rest });
        term = undefined;
      } else if (name === 'wp:term_id') term.id = int(value);
      else if (name === 'wp:category_nicename' || name === 'wp:tag_slug') term.slug = value;
      else if (name === 'wp:cat_name' || name === 'wp:tag_name') term.name = value;
      else if (name === 'wp:category_parent') term.parent = value;
      return;
    }
    if (parent === 'channel') {
      if (name === 'title') site.title = value;
      else if (name === 'link') site.link = value;
      else if (name === 'wp:base_site_url') site.baseSiteUrl = value;
      else if (name === 'wp:base_blog_url') site.baseBlogUrl = value;
    }
    if (name === 'channel') sendSite();
  };

  const decoder = new TextDecoder('utf-8');
  const drain = function* () {
    for (const entry of queue.splice(0)) {
      if (!sawWordPress) throw new WxrReadError(importMessages.notWordPressExport);
      yield entry;
    }
  };
  for await (const chunk of source) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    yield* drain();
  }
  parser.write(decoder.decode());
  parser.close();
  if (!sawWordPress) throw new WxrReadError(importMessages.notWordPressExport);
  yield* drain();
}

function setItemField(item: WxrItem, name: string, value: string) {
  switch (name) {
    case 'title':
      item.title = value;
      break;
    case 'link':
      item.link = value;
      break;
    case 'guid':
      item.guid = value;
      break;
    case 'dc:creator':
      item.creator = value;
      break;
    case 'content:encoded':
      item.content = value;
      break;
    case 'excerpt:encoded':
      item.excerpt = value;
      break;
    case 'wp:post_id':
      item.id = int(value);
      break;
    case 'wp:post_date_gmt':
      item.dateGmt = value;
      break;
    case 'wp:post_name':
      item.slug = value;
      break;
    case 'wp:status':
      item.status = value;
      break;
    case 'wp:post_type':
      item.type = value;
      break;
    case 'wp:post_parent':
      item.parent = int(value);
      break;
    case 'wp:menu_order':
      item.menuOrder = int(value);
      break;
    case 'wp:is_sticky':
      item.sticky = value.trim() === '1';
      break;
    case 'wp:attachment_url':
      item.attachmentUrl = value;
      break;
  }
}
