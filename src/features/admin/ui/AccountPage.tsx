import { accountMessages as m } from '../messages.ts';

/** What the last change said: an error at its field, or the success. */
export type AccountOutcome =
  | { kind: 'error'; field: 'current' | 'next'; message: string }
  | { kind: 'changed'; message: string };

type Props = {
  name: string;
  email: string;
  csrf: string;
  outcome?: AccountOutcome | undefined;
};

/**
 * `/admin/account`: who is signed in, a new password (the current one first), and signing out
 * on every device. Plain forms: they work before and without the admin's script.
 */
export function AccountPage({ name, email, csrf, outcome }: Props) {
  const error = outcome?.kind === 'error' ? outcome : undefined;
  const errorFor = (field: 'current' | 'next') =>
    error?.field === field ? (
      <p id={`password-${field}-error`} className="admin-field-error">
        {error.message}
      </p>
    ) : null;
  return (
    <>
      <p>
        {m.signedInAs} <strong>{name}</strong> ({email}).
      </p>
      <div role="status" className="admin-notice" hidden={outcome?.kind !== 'changed'}>
        {outcome?.kind === 'changed' ? outcome.message : ''}
      </div>
      <div role="alert" className="admin-error" hidden={!error}>
        {error?.message}
      </div>
      <section className="admin-card admin-account" aria-labelledby="password-heading">
        <h2 id="password-heading">{m.changeHeading}</h2>
        <form method="post" action="/admin/account" className="admin-form">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="username" autoComplete="username" value={email} />
          <label htmlFor="password-current">{m.current}</label>
          <input
            id="password-current"
            name="current"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
            aria-invalid={error?.field === 'current' || undefined}
            aria-describedby={error?.field === 'current' ? 'password-current-error' : undefined}
          />
          {errorFor('current')}
          <label htmlFor="password-next">{m.next}</label>
          <input
            id="password-next"
            name="next"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            maxLength={200}
            aria-invalid={error?.field === 'next' || undefined}
            aria-describedby={`password-rule${error?.field === 'next' ? ' password-next-error' : ''}`}
          />
          <p id="password-rule" className="admin-hint">
            {m.nextHint}
          </p>
          {errorFor('next')}
          <label htmlFor="password-again">{m.again}</label>
          <input
            id="password-again"
            name="again"
            type="password"
            autoComplete="new-password"
            required
            maxLength={200}
          />
          <button type="submit" className="admin-button admin-button--primary">
            {m.change}
          </button>
        </form>
      </section>
      <section className="admin-card admin-account" aria-labelledby="devices-heading">
        <h2 id="devices-heading">{m.devicesHeading}</h2>
        <p>{m.devicesText}</p>
        <form method="post" action="/admin/sign-out" className="admin-form">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="everywhere" value="1" />
          <button type="submit" className="admin-button">
            {m.signOutEverywhere}
          </button>
        </form>
      </section>
    </>
  );
}
