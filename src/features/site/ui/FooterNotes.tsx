import { fill } from '../../../platform/fill-message.ts';
import { consentBannerId } from '../../stats/visitor-consent.ts';
import { serverSiteMessages } from '../messages.ts';

type Props = {
  title: string;
  footerText: string;
  /** Of the copyright line: the current one, given so that the markup depends on props alone. */
  year: number;
  /** A "Privacy choices" button that reopens the consent banner (only where the page has it). */
  privacyChoices?: boolean;
};

/**
 * The footer's lines under its widget area: copyright, the feed and sitemap links and the
 * privacy choices. The same on every page, so rendered once (platform/static-markup.ts).
 */
export function FooterNotes({ title, footerText, year, privacyChoices = false }: Props) {
  return (
    <>
      <p>
        © {year} {title}
        {footerText && <> · {fill(footerText, { site: title })}</>}
      </p>
      <p className="site-footer__links">
        <a href="/feed.xml">{serverSiteMessages.rssFeed}</a>
        {' · '}
        <a href="/sitemap.xml">Sitemap</a>
        {' · '}
        <span>{serverSiteMessages.poweredBy}</span>
        {privacyChoices && (
          // Opens the banner through the browser's popovers; hidden without JavaScript, which
          // the banner needs to store an answer.
          <span className="site-footer__privacy">
            {' · '}
            <button
              type="button"
              className="site-footer__privacy-button"
              popoverTarget={consentBannerId}
            >
              {serverSiteMessages.privacyChoices}
            </button>
          </span>
        )}
      </p>
    </>
  );
}
