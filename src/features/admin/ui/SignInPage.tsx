import { signInMessages as m } from '../messages.ts';

type Props = {
  siteTitle: string;
  email: string;
  /** Where the form posts: the sign-in page, keeping where to go afterwards. */
  action: string;
  /** A refusal, announced to screen readers as soon as the page shows. */
  error?: string | undefined;
  /** Something that happened before (signed out), announced politely. */
  notice?: string | undefined;
};

/** `/admin/sign-in`: an e-mail address and a password. Works without JavaScript. */
export function SignInPage({ siteTitle, email, action, error, notice }: Props) {
  return (
    <main className="admin-auth">
      <h1>
        {m.heading} <span className="admin-auth__site">{siteTitle}</span>
      </h1>
      <div role="status" className="admin-notice" hidden={!notice}>
        {notice}
      </div>
      <div role="alert" id="sign-in-error" className="admin-error" hidden={!error}>
        {error}
      </div>
      <form method="post" action={action} className="admin-form">
        <label htmlFor="email">{m.email}</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={320}
          defaultValue={email}
          aria-describedby={error ? 'sign-in-error' : undefined}
        />
        <label htmlFor="password">{m.password}</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
        />
        <button type="submit" className="admin-button admin-button--primary">
          {m.submit}
        </button>
      </form>
      <p className="admin-auth__help">
        {m.forgot} <code>{m.resetCommand}</code>
      </p>
    </main>
  );
}
