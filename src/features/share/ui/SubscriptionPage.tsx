import { renderedByReact } from '../../../platform/astro-react.ts';
import { serverShareMessages } from '../messages.ts';

/** What became of a valid request; a refused one shows the form again with its error. */
export type SubscriptionResult = 'confirmation-sent' | 'already-subscribed' | 'address-limited';

type Props = {
  feedTitle: string;
  action: string;
  email: string;
  error?: string | undefined;
  done?: SubscriptionResult | undefined;
};

function resultText(done: SubscriptionResult, email: string, feedTitle: string) {
  switch (done) {
    case 'confirmation-sent':
      return {
        title: serverShareMessages.confirmationSentTitle,
        text: serverShareMessages.confirmationSentText(email, feedTitle),
      };
    case 'already-subscribed':
      return {
        title: serverShareMessages.alreadySubscribedTitle,
        text: serverShareMessages.alreadySubscribedText(email, feedTitle),
      };
    case 'address-limited':
      return {
        title: serverShareMessages.addressLimitedTitle,
        text: serverShareMessages.addressLimitedText(email),
      };
  }
}

/** The page the subscription box opens: the address (prefilled), then a clear answer. */
export function SubscriptionPage({ feedTitle, action, email, error, done }: Props) {
  if (done) {
    const { title, text } = resultText(done, email, feedTitle);
    return (
      <section className="subscription-page" aria-live="polite">
        <h1>{title}</h1>
        <p
          className={done === 'address-limited' ? 'notice notice--info' : 'notice notice--success'}
        >
          {text}
        </p>
      </section>
    );
  }
  return (
    <section className="subscription-page">
      <h1>{serverShareMessages.subscribeHeading(feedTitle)}</h1>
      <p>{serverShareMessages.subscribeText}</p>
      <form method="post" action={action} noValidate>
        <label htmlFor="subscription-email">{serverShareMessages.emailLabel}</label>
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
        <button type="submit">{serverShareMessages.subscribeButton}</button>
      </form>
    </section>
  );
}

renderedByReact(SubscriptionPage);
