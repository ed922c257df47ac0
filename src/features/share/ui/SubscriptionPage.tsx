import { renderedByReact } from '../../../platform/astro-react.ts';
import { siteMessages } from '../../site/messages.ts';

type Props = {
  siteTitle: string;
  action: string;
  email: string;
  error?: string | undefined;
  done?: 'new' | 'already' | undefined;
};

/** The page the subscription box opens: confirm the address, then a clear answer. */
export function SubscriptionPage({ siteTitle, action, email, error, done }: Props) {
  if (done) {
    return (
      <section className="subscription-page" aria-live="polite">
        <h1>{done === 'new' ? 'Thank you!' : 'You are already on the list'}</h1>
        <p className="notice">
          {done === 'new'
            ? `We have saved ${email} for new posts from ${siteTitle}. Nothing is sent until you confirm the address from the message we send you.`
            : `${email} has already asked for new posts from ${siteTitle}; there is nothing more to do.`}
        </p>
      </section>
    );
  }
  return (
    <section className="subscription-page">
      <h1>Subscribe to {siteTitle}</h1>
      <p>{siteMessages.subscribeText}</p>
      <form method="post" action={action} noValidate>
        <label htmlFor="subscription-email">{siteMessages.emailLabel}</label>
        <input
          id="subscription-email"
          type="email"
          name="email"
          defaultValue={email}
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'subscription-email-error' : undefined}
        />
        {error && (
          <p id="subscription-email-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit">{siteMessages.subscribeButton}</button>
      </form>
    </section>
  );
}

renderedByReact(SubscriptionPage);
