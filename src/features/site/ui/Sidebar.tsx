import { useId } from 'react';
import { archivePath } from '../../content/dates.ts';
import type { ArchiveMonth } from '../../content/post-types.ts';
import { serverShareMessages, shareMessages } from '../../share/messages.ts';
import { subscriptionPagePath } from '../../share/subscription-rules.ts';
import { serverSiteMessages } from '../messages.ts';

type Props = {
  archiveMonths: ArchiveMonth[];
  tags: { slug: string; name: string; count: number }[];
  feedId: number;
};

/**
 * The widget area beside the content: subscription box, archives and topics. Rendered on the
 * server only: the document's scripts give the box and the dropdown their behaviour
 * (share/subscription-box.ts, head-script.ts), so nothing waits for an island to hydrate.
 */
export default function Sidebar({ archiveMonths, tags, feedId }: Props) {
  return (
    <div className="widgets">
      <SubscriptionBox feedId={feedId} />
      {archiveMonths.length > 0 && <ArchivesDropdown months={archiveMonths} />}
      {tags.length > 0 && (
        <section className="widget" aria-labelledby="widget-tags">
          <h2 id="widget-tags" className="widget__title">
            {serverSiteMessages.tags}
          </h2>
          <ul className="tag-cloud">
            {tags.map((tag) => (
              <li key={tag.slug}>
                <a className="tag-chip" href={`/tag/${tag.slug}/`}>
                  {tag.name} <span className="tag-chip__count">{tag.count}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function ArchivesDropdown({ months }: { months: ArchiveMonth[] }) {
  const id = useId();
  return (
    <section className="widget" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="widget__title">
        <label htmlFor={`${id}-select`}>{serverSiteMessages.archives}</label>
      </h2>
      {/* Without JavaScript the form asks the server to send the browser to the chosen month. */}
      <form className="archives" action="/archive" method="get">
        <select
          id={`${id}-select`}
          name="month"
          defaultValue=""
          // The head script navigates on a choice (head-script.ts).
          data-archives=""
        >
          <option value="">{serverSiteMessages.selectMonth}</option>
          {months.map(({ month, label, count }) => (
            <option key={month} value={archivePath(month)}>
              {label} ({count})
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit">{serverSiteMessages.go}</button>
        </noscript>
      </form>
    </section>
  );
}

export function SubscriptionBox({ feedId }: { feedId: number }) {
  const id = useId();
  return (
    <section className="widget subscribe-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="widget__title">
        {serverShareMessages.subscribeTitle}
      </h2>
      <p>{serverShareMessages.subscribeText}</p>
      <form
        action={subscriptionPagePath(feedId)}
        method="get"
        target="_blank"
        noValidate
        rel="noopener"
        data-subscribe={feedId}
      >
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          {serverShareMessages.emailLabel}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={shareMessages.emailPlaceholder}
          required
        />
        <button type="submit">{serverShareMessages.subscribeButton}</button>
      </form>
    </section>
  );
}
