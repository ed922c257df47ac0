import { signInMessages as m } from '../messages.ts';

type Props = {
  siteTitle: string;
  action: string;
  /** False when the link has expired or been used: the page says so and offers nothing. */
  live: boolean;
  email: string;
  name: string;
  error?: string | undefined;
};

/** `/admin/setup/<token>`: the first administrator account, from the link printed at start. */
export function SetupPage({ siteTitle, action, live, email, name, error }: Props) {
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
          <label htmlFor="password">{m.password}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            maxLength={200}
            aria-describedby="password-rule"
          />
          <p id="password-rule" className="admin-hint">
            {m.passwordRule}
          </p>
          <label htmlFor="password-again">{m.passwordAgain}</label>
          <input
            id="password-again"
            name="passwordAgain"
            type="password"
            autoComplete="new-password"
            required
            maxLength={200}
          />
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
