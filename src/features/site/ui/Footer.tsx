import type { ReactNode } from 'react';
import { renderedByReact } from '../../../platform/astro-react.ts';
import { siteMessages } from '../messages.ts';

type Props = {
  title: string;
  footerText: string;
  /** The footer widget area's content (the share bar island). */
  children?: ReactNode;
};

export function Footer({ title, footerText, children }: Props) {
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
          <a href="/feed.xml">{siteMessages.rssFeed}</a>
          {' · '}
          <a href="/sitemap.xml">Sitemap</a>
          {' · '}
          <span>{siteMessages.poweredBy}</span>
        </p>
      </div>
    </footer>
  );
}

renderedByReact(Footer);
