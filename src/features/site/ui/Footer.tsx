import type { ReactNode } from 'react';
import { renderedByReact } from '../../../platform/astro-react.ts';
import { consentBannerId } from '../../stats/visitor-consent.ts';
import { serverSiteMessages } from '../messages.ts';

type Props = {
  title: string;
  footerText: string;
  /** A "Privacy choices" button that reopens the consent banner (only where the page has it). */
  privacyChoices?: boolean;
  /** The footer widget area's content (the share bar island). */
  children?: ReactNode;
};

export function Footer({ title, footerText, privacyChoices = false, children }: Props) {
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {children ? (
          <div id="footer-widgets" className="footer-widgets">
            {children}
          </div>
        ) : null}
        <p>
          © {year} {title}
          {footerText && <> · {footerText}</>}
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
      </div>
    </footer>
  );
}

renderedByReact(Footer);
