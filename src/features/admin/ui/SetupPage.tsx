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
        Set up <span className="admin-auth__site">{siteTitle}</span>
      </h1>
      <div role="alert" id="setup-error" className="admin-error" hidden={!error}>
        {error}
      </div>
      {live ? (
        <form method="post" action={action} className="admin-form">
          <p>Create the administrator account. You will sign in with it from now on.</p>
          <label htmlFor="name">Your name</label>
          <input
            id="name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={name}
          />
          <label htmlFor="email">E-mail address</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={320}
            defaultValue={email}
          />
          <label htmlFor="password">Password</label>
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
            At least 12 characters.
          </p>
          <label htmlFor="password-again">The password again</label>
          <input
            id="password-again"
            name="passwordAgain"
            type="password"
            autoComplete="new-password"
            required
            maxLength={200}
          />
          <button type="submit" className="admin-button admin-button--primary">
            Create the account
          </button>
        </form>
      ) : (
        <p>
          <a href="/admin/sign-in">Go to the sign-in page</a>
        </p>
      )}
    </main>
  );
}
