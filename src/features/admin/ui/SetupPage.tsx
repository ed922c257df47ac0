import { importScreenMessages } from '../../import/import-screen-messages.ts';
import { signInMessages as m } from '../messages.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

type Props = {
  siteTitle: string;
  action: string;
  /** False when the link has expired or been used: the page says so and offers nothing. */
  live: boolean;
  email: string;
  name: string;
  /** Whether the demo is on the site, so the owner may choose to start without it. */
  offerDemo: boolean;
  start: 'demo' | 'empty';
  error?: string | undefined;
};

/** `/admin/setup/<token>`: the first administrator account, from the link printed at start. */
export function SetupPage({
  siteTitle,
  action,
  live,
  email,
  name,
  offerDemo,
  start,
  error,
}: Props) {
  return (
    <main className="admin-auth">
      <h1>
        {m.setupTitle} <span className="admin-auth__site">{siteTitle}</span>
      </h1>
      <div role="alert" id="setup-error" className="admin-error" hidden={!error}>
        {error}
      </div>
      {live ? (
        <form method="post" action={action} className="admin-form">
          <p>{m.setupIntro}</p>
          <label htmlFor="title">{m.siteTitle}</label>
          <input
            id="title"
            name="title"
            required
            maxLength={120}
            defaultValue={siteTitle}
            aria-describedby="title-hint"
          />
          <p id="title-hint" className="admin-hint">
            {m.siteTitleHint}
          </p>
          {offerDemo && (
            <fieldset className="admin-choices">
              <legend>{m.startWith}</legend>
              <div className="admin-check">
                <input
                  id="start-demo"
                  type="radio"
                  name="start"
                  value="demo"
                  defaultChecked={start === 'demo'}
                  aria-describedby="start-demo-hint"
                />
                <label htmlFor="start-demo">{m.startDemo}</label>
                <p id="start-demo-hint" className="admin-hint">
                  {m.startDemoHint}
                </p>
              </div>
              <div className="admin-check">
                <input
                  id="start-empty"
                  type="radio"
                  name="start"
                  value="empty"
                  defaultChecked={start === 'empty'}
                  aria-describedby="start-empty-hint"
                />
                <label htmlFor="start-empty">{m.startEmpty}</label>
                <p id="start-empty-hint" className="admin-hint">
                  {m.startEmptyHint} {importScreenMessages.setupHint}
                </p>
              </div>
            </fieldset>
          )}
          <h2 className="admin-auth__section">{m.account}</h2>
          <label htmlFor="name">{m.name}</label>
          <input
            id="name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={name}
          />
          <label htmlFor="email">{m.email}</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={320}
            defaultValue={email}
          />
          <NewPasswordFields />
          <button type="submit" className="admin-button admin-button--primary">
            {m.createAccount}
          </button>
        </form>
      ) : (
        <p>
          <a href="/admin/sign-in">{m.toSignIn}</a>
        </p>
      )}
    </main>
  );
}
