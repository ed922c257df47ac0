import { renderedOncePerProps } from '../../../platform/astro-react.ts';
import { contentMessages } from '../messages.ts';
import type { Page, PostSummary } from '../post-types.ts';
import { Pagination } from './Pagination.tsx';
import { PostCard } from './PostCard.tsx';

type Props = {
  heading?: string | undefined;
  description?: string | undefined;
  posts: Page<PostSummary>;
  hrefFor: (page: number) => string;
  /** A link to follow this list by e-mail (a tag's subscription page). */
  subscribe?: { href: string; label: string } | undefined;
  /** The site's time zone: post dates are the days there. */
  timeZone: string;
};

/** Home, tag and archive pages: a heading, a list of post cards and pagination. */
export function PostListPage({ heading, description, posts, hrefFor, subscribe, timeZone }: Props) {
  return (
    <>
      {heading && (
        <header className="list-header">
          <h1>{heading}</h1>
          {description && <p>{description}</p>}
          {subscribe && (
            <p className="list-header__subscribe">
              <a href={subscribe.href}>{subscribe.label}</a>
            </p>
          )}
        </header>
      )}
      {posts.items.length === 0 ? (
        <p className="empty">{contentMessages.noPosts}</p>
      ) : (
        <div className="post-list">
          {posts.items.map((post, i) => (
            <PostCard
              key={post.id}
              post={post}
              eagerImage={i === 0 && posts.page === 1}
              timeZone={timeZone}
            />
          ))}
        </div>
      )}
      <Pagination page={posts.page} pageCount={posts.pageCount} hrefFor={hrefFor} />
    </>
  );
}

renderedOncePerProps(PostListPage);
