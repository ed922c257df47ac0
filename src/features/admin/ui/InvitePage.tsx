import { signInMessages } from '../messages.ts';
import { userAdminMessages as m } from '../user-messages.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

type Props = {
  siteTitle: string;
  action: string;
  /** The invited address; undefined when the link can no longer be used. */
  email: string | undefined;
  role: string;
  name: string;
  error?: string | undefined;
};

/** `/admin/invite/<token>`: an invited person's account, from the link in their mail. */
export function InvitePage({ siteTitle, action, email, role, name, error }: Props) {
  return (
    <main className="admin-auth">
      <h1>
        {m.acceptTitle} <span className="admin-auth__site">{siteTitle}</span>
      </h1>
      <div role="alert" id="invite-error" className="admin-error" hidden={!error}>
        {error}
      </div>
      {email !== undefined ? (
        <form method="post" action={action} className="admin-form">
          <p>{m.acceptIntro(role)}</p>
          <label htmlFor="email">{signInMessages.email}</label>
          <input id="email" type="email" autoComplete="username" value={email} readOnly />
          <label htmlFor="name">{signInMessages.name}</label>
          <input
            id="name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={name}
          />
          <NewPasswordFields />
          <button type="submit" className="admin-button admin-button--primary">
            {m.acceptCreate}
          </button>
        </form>
      ) : (
        <p>
          <a href="/admin/sign-in">{signInMessages.toSignIn}</a>
        </p>
      )}
    </main>
  );
}
