import { firstPostPath } from '../tests/support/first-post-path.ts';
import type { BenchPage } from './benchmark.ts';

/** The pages to measure: the home page and the first post it lists. */
export async function benchPages(siteUrl: string): Promise<BenchPage[]> {
  const response = await fetch(`${siteUrl}/`);
  const html = await response.text();
  if (!response.ok) throw new Error(`The home page answered ${response.status}`);
  const postPath = firstPostPath(html);
  if (!postPath) throw new Error('The home page lists no post (no link in .post-card__title)');
  return [
    { name: 'home', path: '/' },
    { name: 'post', path: postPath },
  ];
}
