import { formatDate, isoDate } from '../dates.ts';
import { contentMessages } from '../messages.ts';
import type { PostSummary } from '../post-types.ts';
import { ResponsiveImage } from './ResponsiveImage.tsx';

export function PostCard({
  post,
  eagerImage = false,
  timeZone,
}: {
  post: PostSummary;
  eagerImage?: boolean;
  /** The site's: its dates are the days there. */
  timeZone: string;
}) {
  const href = `/${post.slug}/`;
  return (
    <article className={post.cover ? 'post-card' : 'post-card post-card--text-only'}>
      {post.cover && (
        <a className="post-card__image" href={href} tabIndex={-1}>
          <ResponsiveImage
            image={post.cover}
            sizes="(min-width: 1000px) 260px, (min-width: 640px) 40vw, 100vw"
            width={640}
            eager={eagerImage}
          />
        </a>
      )}
      <div className="post-card__body">
        <p className="post-meta">
          <time dateTime={isoDate(post.publishedAt)}>{formatDate(post.publishedAt, timeZone)}</time>
          {post.tags.length > 0 && (
            <>
              {' · '}
              {post.tags.map((tag, i) => (
                <span key={tag.id}>
                  {i > 0 && ', '}
                  <a href={`/tag/${tag.slug}/`}>{tag.name}</a>
                </span>
              ))}
            </>
          )}
        </p>
        <h2 className="post-card__title">
          <a href={href}>{post.title}</a>
        </h2>
        <p className="post-card__excerpt">{post.excerpt}</p>
        <a className="post-card__more" href={href}>
          {contentMessages.readMore}
          <span className="visually-hidden">: {post.title}</span>
        </a>
      </div>
    </article>
  );
}
