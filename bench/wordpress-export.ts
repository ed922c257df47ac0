import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * A large WordPress export made up for the import benchmark (issue 30, point 9): `posts`
 * posts, each with `imagesPerPost` images of its own (the first its featured image, all of
 * them in its body as resized copies, as WordPress writes them), categories, tags and a
 * comment, plus the `wp-content/uploads` folder holding every image as a real, distinct JPEG.
 */
export type GeneratedExport = { file: string; uploads: string; posts: number; images: number };

const site = 'https://bench-old.example.org';
const cdata = (text: string) => `<![CDATA[${text}]]>`;
const serialized = (file: string, width: number, height: number) => {
  const medium = file
    .replace(/\.jpg$/, '-300x200.jpg')
    .split('/')
    .pop() as string;
  const entry = (name: string) => `s:${Buffer.byteLength(name)}:"${name}";`;
  return (
    `a:4:{s:5:"width";i:${width};s:6:"height";i:${height};s:4:"file";${entry(file)}` +
    `s:5:"sizes";a:1:{s:6:"medium";a:3:{s:4:"file";${entry(medium)}s:5:"width";i:300;s:6:"height";i:200;}}}`
  );
};

function attachmentItem(id: number, parent: number, file: string): string {
  return `<item><title>${cdata(`Photo ${id}`)}</title><link>${site}/photo-${id}/</link>
<dc:creator>${cdata('writer')}</dc:creator><guid isPermaLink="false">${site}/wp-content/uploads/${file}</guid>
<content:encoded>${cdata('')}</content:encoded><excerpt:encoded>${cdata(`Caption ${id}`)}</excerpt:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date_gmt>${cdata('2023-03-01 10:00:00')}</wp:post_date_gmt>
<wp:post_name>${cdata(`photo-${id}`)}</wp:post_name><wp:status>${cdata('inherit')}</wp:status>
<wp:post_parent>${parent}</wp:post_parent><wp:post_type>${cdata('attachment')}</wp:post_type>
<wp:attachment_url>${cdata(`${site}/wp-content/uploads/${file}`)}</wp:attachment_url>
<wp:postmeta><wp:meta_key>${cdata('_wp_attached_file')}</wp:meta_key><wp:meta_value>${cdata(file)}</wp:meta_value></wp:postmeta>
<wp:postmeta><wp:meta_key>${cdata('_wp_attachment_metadata')}</wp:meta_key><wp:meta_value>${cdata(serialized(file, 48, 32))}</wp:meta_value></wp:postmeta>
<wp:postmeta><wp:meta_key>${cdata('_wp_attachment_image_alt')}</wp:meta_key><wp:meta_value>${cdata(`A view, number ${id}`)}</wp:meta_value></wp:postmeta>
</item>\n`;
}

function postItem(id: number, n: number, images: { id: number; file: string }[]): string {
  const month = String((n % 12) + 1).padStart(2, '0');
  const year = 2015 + (n % 10);
  const slug = `bench-post-${n}`;
  const body = images
    .map(
      (image) =>
        `<img src="${site}/wp-content/uploads/${image.file.replace(/\.jpg$/, '-300x200.jpg')}" alt="" class="wp-image-${image.id}" width="300" height="200" />`,
    )
    .join('\n\n');
  const text = `Paragraph ${n} about the harbour, with <strong>bold</strong> and a <a href="${site}/${year}/${month}/bench-post-${Math.max(0, n - 1)}/">link back</a>.`;
  return `<item><title>${cdata(`Bench post ${n}`)}</title><link>${site}/${year}/${month}/${slug}/</link>
<dc:creator>${cdata(n % 2 ? 'writer' : 'editor')}</dc:creator><guid isPermaLink="false">${site}/?p=${id}</guid>
<content:encoded>${cdata(`${text}\n\n${body}\n\n[gallery ids="${images.map((i) => i.id).join(',')}"]`)}</content:encoded>
<excerpt:encoded>${cdata('')}</excerpt:encoded><wp:post_id>${id}</wp:post_id>
<wp:post_date_gmt>${cdata(`${year}-${month}-10 08:00:00`)}</wp:post_date_gmt><wp:post_name>${cdata(slug)}</wp:post_name>
<wp:status>${cdata('publish')}</wp:status><wp:post_parent>0</wp:post_parent><wp:menu_order>0</wp:menu_order>
<wp:post_type>${cdata('post')}</wp:post_type><wp:is_sticky>0</wp:is_sticky>
<category domain="category" nicename="topic-${n % 20}">${cdata(`Topic ${n % 20}`)}</category>
<category domain="post_tag" nicename="tag-${n % 50}">${cdata(`Tag ${n % 50}`)}</category>
<wp:postmeta><wp:meta_key>${cdata('_thumbnail_id')}</wp:meta_key><wp:meta_value>${cdata(String(images[0]?.id ?? ''))}</wp:meta_value></wp:postmeta>
<wp:comment><wp:comment_id>${id}</wp:comment_id><wp:comment_author>${cdata('Reader')}</wp:comment_author><wp:comment_author_email>${cdata('reader@example.org')}</wp:comment_author_email><wp:comment_date_gmt>${cdata(`${year}-${month}-11 09:00:00`)}</wp:comment_date_gmt><wp:comment_content>${cdata('Lovely.')}</wp:comment_content><wp:comment_approved>${cdata('1')}</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment>
</item>\n`;
}

/** A distinct small JPEG for image `n`: its colour and a stripe follow the number. */
async function jpeg(n: number): Promise<Buffer> {
  const width = 48;
  const height = 32;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const stripe = i % width === n % width;
    pixels[i * 3] = stripe ? 255 : n % 251;
    pixels[i * 3 + 1] = stripe ? 255 : (n >> 8) % 251;
    pixels[i * 3 + 2] = (i * 7 + n) % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function generateWordPressExport(
  folder: string,
  posts: number,
  imagesPerPost: number,
): Promise<GeneratedExport> {
  const uploads = join(folder, 'uploads');
  const file = join(folder, 'export.wxr.xml');
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Bench Old Site</title><link>${site}</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${site}</wp:base_site_url><wp:base_blog_url>${site}</wp:base_blog_url>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login>${cdata('writer')}</wp:author_login><wp:author_email>${cdata('writer@bench.example.org')}</wp:author_email><wp:author_display_name>${cdata('Wren Writer')}</wp:author_display_name></wp:author>
<wp:author><wp:author_id>2</wp:author_id><wp:author_login>${cdata('editor')}</wp:author_login><wp:author_email>${cdata('editor@bench.example.org')}</wp:author_email><wp:author_display_name>${cdata('Eda Editor')}</wp:author_display_name></wp:author>\n`);
  let nextId = 1;
  let images = 0;
  for (let n = 0; n < posts; n++) {
    const postId = nextId++;
    const own: { id: number; file: string }[] = [];
    for (let k = 0; k < imagesPerPost; k++) {
      const id = nextId++;
      const month = String((n % 12) + 1).padStart(2, '0');
      const relative = `${2015 + (n % 10)}/${month}/photo-${id}.jpg`;
      mkdirSync(join(uploads, relative, '..'), { recursive: true });
      await writeFile(join(uploads, relative), await jpeg(id));
      own.push({ id, file: relative });
      await write(attachmentItem(id, postId, relative));
      images++;
    }
    await write(postItem(postId, n, own));
  }
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
  return { file, uploads, posts, images };
}
