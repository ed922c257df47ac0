import { renderedByReact } from '../../../platform/astro-react.ts';

type Props = {
  title: string;
  text: string;
  /** A button that posts to this address (the link itself), for what a GET must not do. */
  button?: { action: string; label: string } | undefined;
  link?: { href: string; label: string } | undefined;
  /** The page's HTTP status: a link that failed (400, 410) is shown as an error. */
  status: number;
};

/**
 * What a confirmation or unsubscribe link from a mail opens. A GET only shows the page: mail
 * scanners open links too, so confirming and unsubscribing take a press of the button.
 */
export function SubscriptionLinkPage({ title, text, button, link, status }: Props) {
  const tone = status >= 400 ? 'error' : button ? 'info' : 'success';
  return (
    <section className="subscription-page" aria-live="polite">
      <h1>{title}</h1>
      <p className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
        {text}
      </p>
      {button && (
        <form method="post" action={button.action}>
          <button type="submit" name="action" value="1">
            {button.label}
          </button>
        </form>
      )}
      {link && (
        <p>
          <a href={link.href}>{link.label}</a>
        </p>
      )}
    </section>
  );
}

renderedByReact(SubscriptionLinkPage);
