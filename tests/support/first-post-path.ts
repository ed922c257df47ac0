const postCardLink = /class="post-card__title"[^>]*>\s*<a\b[^>]*?\shref="(\/[^"/?#]+\/)"/;

/** The path of the first post listed on a post list page (e.g. the home page), if any. */
export function firstPostPath(listPageHtml: string): string | undefined {
  return postCardLink.exec(listPageHtml)?.[1];
}
