import type { ReactNode } from 'react';
import { renderedOncePerProps } from '../../../platform/astro-react.ts';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import { formatDate, isoDate } from '../dates.ts';
import { mediaPath } from '../media-urls.ts';
import { contentMessages } from '../messages.ts';
import type { PostDetail, PostSummary } from '../post-types.ts';
import { ResponsiveImage } from './ResponsiveImage.tsx';

type Props = {
  post: PostDetail & { author?: string };
  previous?: PostSummary | undefined;
  next?: PostSummary | undefined;
  /** The body with its embedded forms, when it has some; otherwise `post.html` is shown. */
  children?: ReactNode;
  /** The site's time zone: the post's date is the day there. */
  timeZone: string;
};

/** A post or page: title, meta, cover image and the rendered (already sanitised) body. */
export function ArticlePage({ post, previous, next, children, timeZone }: Props) {
  const isPost = post.type === 'post';
  return (
    <article className="article">
      <header className="article__header">
        {isPost && (
          <p className="post-meta">
            <time dateTime={isoDate(post.publishedAt)}>
              {formatDate(post.publishedAt, timeZone)}
            </time>
            {post.author && (
              <>
                {' · '}
                <span className="post-meta__author">{contentMessages.byAuthor(post.author)}</span>
              </>
            )}
            {' · '}
            {contentMessages.minutesToRead(post.readingMinutes)}
          </p>
        )}
        <h1>{post.title}</h1>
        {isPost && post.excerpt && <p className="article__lede">{post.excerpt}</p>}
      </header>
      {post.cover && (
        <figure className="article__cover">
          <ResponsiveImage
            image={post.cover}
            sizes="(min-width: 1000px) 760px, 100vw"
            width={960}
            eager
          />
        </figure>
      )}
      {children ? (
        <div className="prose">{children}</div>
      ) : (
        <div
          className="prose"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SanitisedHtml, made by the sanitiser only
          dangerouslySetInnerHTML={{ __html: htmlOf(post.html) }}
        />
      )}
      {isPost && post.tags.length > 0 && (
        <p className="article__tags">
          {contentMessages.postedIn}{' '}
          {post.tags.map((tag) => (
            <a key={tag.id} className="tag-chip" href={`/tag/${tag.slug}/`}>
              {tag.name}
            </a>
          ))}
        </p>
      )}
      {(previous || next) && (
        <nav
          className="adjacent"
          aria-label={`${contentMessages.previousPost} / ${contentMessages.nextPost}`}
        >
          {previous ? <AdjacentLink post={previous} direction="prev" /> : <span />}
          {next ? <AdjacentLink post={next} direction="next" /> : <span />}
        </nav>
      )}
    </article>
  );
}

/**
 * A card to the previous or next post. Its cover is a background image that loads only when
 * the card comes near the viewport (`data-lazy-background`, see lazy-backgrounds.ts).
 */
function AdjacentLink({ post, direction }: { post: PostSummary; direction: 'prev' | 'next' }) {
  const background = post.cover
    ? mediaPath(post.cover.id, post.cover.fileName, 640, post.cover)
    : undefined;
  return (
    <a
      rel={direction}
      href={`/${post.slug}/`}
      className={`adjacent__link adjacent__link--${direction}`}
      data-lazy-background={background}
    >
      <span>
        {direction === 'prev'
          ? `← ${contentMessages.previousPost}`
          : `${contentMessages.nextPost} →`}
      </span>
      {post.title}
    </a>
  );
}

renderedOncePerProps(ArticlePage);
