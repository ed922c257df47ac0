import { renderedByReact } from '../../../platform/astro-react.ts';
import { siteMessages } from '../messages.ts';

export function Footer({ title, footerText }: { title: string; footerText: string }) {
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div id="footer-widgets" className="footer-widgets" />
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
