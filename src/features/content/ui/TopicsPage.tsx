import { renderedByReact } from '../../../platform/astro-react.ts';
import type { Tag } from '../post-types.ts';

/** Every topic with its number of posts. */
export function TopicsPage({ tags }: { tags: (Tag & { count: number })[] }) {
  return (
    <section>
      <header className="list-header">
        <h1>Topics</h1>
        <p>{tags.length === 0 ? 'No topics yet.' : 'Everything written here, by topic.'}</p>
      </header>
      <ul className="topics">
        {tags.map((tag) => (
          <li key={tag.id}>
            <a href={`/tag/${tag.slug}/`}>
              <strong>{tag.name}</strong>
              <span>
                {tag.count} {tag.count === 1 ? 'post' : 'posts'}
              </span>
            </a>
            {tag.description && <p>{tag.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

renderedByReact(TopicsPage);
