import { signInMessages as m } from '../messages.ts';

/** A new account's password, typed twice: the set-up page's and an invitation's. */
export function NewPasswordFields() {
  return (
    <>
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
    </>
  );
}
