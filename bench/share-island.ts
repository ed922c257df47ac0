import {
  componentWeight,
  isShareIsland,
  scriptsLoadedBy,
} from '../tests/support/client-scripts.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { checkTarget, formatKilobytes, formatLimit, targets } from './targets.ts';

/**
 * The share island's JavaScript on the post page (the icon bar floats there and sits in the
 * footer): what the page would not load without it, React's file excluded. Its module holds the
 * header island too (decision 0007), so this is an upper bound.
 */
export const shareIsland: Benchmark = {
  name: 'shareIsland',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const post = context.pages.find((page) => page.name === 'post');
    if (!post) throw new Error('The share island benchmark needs a post page');
    const url = `${context.site.url}${post.path}`;
    const response = await fetch(url);
    const html = await response.text();
    const weight = componentWeight(html, url, isShareIsland);
    const check = checkTarget(targets.shareIslandJavaScript, 'share island', weight.gzipBytes);
    const problems = [
      ...(scriptsLoadedBy(html, url).islands.some(isShareIsland) && weight.files.length > 0
        ? []
        : [`${post.path} has no share island`]),
      ...weight.missing.map((path) => `missing from the build: ${path}`),
    ];
    return {
      results: { path: post.path, ...weight },
      detail: {
        title: 'Share island — JavaScript beyond React, gzip -9',
        rows: [
          ['file', 'bytes', 'gzip KB'],
          ...weight.files.map((file) => [
            file.path,
            String(file.bytes),
            (file.gzipBytes / 1024).toFixed(1),
          ]),
        ],
        notes: [
          `Post page ${post.path}: files it would not load without its ShareIsland islands; their module holds the header island too, which is counted with them. The WeChat and Pinterest overlays load on a click and are not counted.`,
        ],
      },
      summary: [
        {
          subject: 'share island',
          metric: 'JavaScript beyond React (gzip -9)',
          value: formatKilobytes(weight.gzipBytes),
          target: formatLimit(check),
          pass: check.pass,
        },
      ],
      checks: [check],
      problems,
    };
  },
};
