import { type FormEvent, useId, useRef } from 'react';
import { renderedByReact } from '../../../platform/astro-react.ts';
import { archivePath } from '../../content/dates.ts';
import type { ArchiveMonth } from '../../content/post-types.ts';
import { siteMessages } from '../messages.ts';
import {
  isSubscribableEmail,
  subscriptionPagePath,
  subscriptionPopupFeatures,
} from '../subscription-rules.ts';

type Props = {
  archiveMonths: ArchiveMonth[];
  tags: { slug: string; name: string; count: number }[];
  feedId: number;
};

/** The widget area beside the content: subscription box, archives and topics. */
export default function Sidebar({ archiveMonths, tags, feedId }: Props) {
  return (
    <div className="widgets">
      <SubscriptionBox feedId={feedId} />
      {archiveMonths.length > 0 && <ArchivesDropdown months={archiveMonths} />}
      {tags.length > 0 && (
        <section className="widget" aria-labelledby="widget-tags">
          <h2 id="widget-tags" className="widget__title">
            {siteMessages.tags}
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
        <label htmlFor={`${id}-select`}>{siteMessages.archives}</label>
      </h2>
      {/* Without JavaScript the form asks the server to send the browser to the chosen month. */}
      <form className="archives" action="/archive" method="get">
        <select
          id={`${id}-select`}
          name="month"
          defaultValue=""
          // The head script navigates on a choice (head-script.ts), before this island hydrates.
          data-archives=""
        >
          <option value="">{siteMessages.selectMonth}</option>
          {months.map(({ month, label, count }) => (
            <option key={month} value={archivePath(month)}>
              {label} ({count})
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit">{siteMessages.go}</button>
        </noscript>
      </form>
    </section>
  );
}

export function SubscriptionBox({ feedId }: { feedId: number }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = inputRef.current!;
    if (!isSubscribableEmail(input.value, input.placeholder)) {
      window.alert(siteMessages.invalidSubscriptionEmail);
      input.focus();
      return;
    }
    const url = subscriptionPagePath(feedId, input.value);
    const popup = window.open(url, 'quire-subscribe', subscriptionPopupFeatures());
    // A blocked pop-up still gets the visitor to the page, in the same tab.
    if (!popup) window.location.assign(url);
  };
  return (
    <section className="widget subscribe-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="widget__title">
        {siteMessages.subscribeTitle}
      </h2>
      <p>{siteMessages.subscribeText}</p>
      <form
        action={subscriptionPagePath(feedId)}
        method="get"
        target="_blank"
        noValidate
        onSubmit={onSubmit}
        rel="noopener"
      >
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          {siteMessages.emailLabel}
        </label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={siteMessages.emailPlaceholder}
          required
        />
        <button type="submit">{siteMessages.subscribeButton}</button>
      </form>
    </section>
  );
}

renderedByReact(Sidebar);
