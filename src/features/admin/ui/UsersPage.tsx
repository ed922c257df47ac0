import { isRole, type Role, roles } from '../permissions.ts';
import { userAdminMessages as m, roleNames, roleSummaries } from '../user-messages.ts';

type User = {
  id: number;
  name: string;
  email: string;
  role: string;
  createdAt: number;
  posts: number;
};
type Invite = { id: number; email: string; role: string; expiresAt: number };
type Notice = { kind: 'done' | 'error'; message: string };

type Props = {
  users: User[];
  invites: Invite[];
  you: number;
  timeZone: string;
  csrf: string;
  notice?: Notice | undefined;
  typed?: { email: string; role: string } | undefined;
};

const roleName = (role: string) => (isRole(role) ? roleNames[role] : role);

function RoleSelect({ id, value }: { id: string; value: string }) {
  return (
    <select id={id} name="role" defaultValue={value}>
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleNames[role]}
        </option>
      ))}
    </select>
  );
}

function Hidden({ csrf, action, id }: { csrf: string; action: string; id?: number }) {
  return (
    <>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="action" value={action} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
    </>
  );
}

/**
 * `/admin/users`: every user with their role (changed in place), a link to remove them, the
 * invitation form and the invitations still open (send again, revoke). Plain forms posted with
 * the session's CSRF token: it all works without the admin's script.
 */
export function UsersPage({ users, invites, you, timeZone, csrf, notice, typed }: Props) {
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone });
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {notice?.kind === 'error' && (
        <p className="admin-error" role="alert">
          {notice.message}
        </p>
      )}
      <p>{m.intro}</p>
      <div className="admin-table-wrap">
        <table className="admin-table admin-users">
          <caption className="visually-hidden">{m.title}</caption>
          <thead>
            <tr>
              <th scope="col">{m.name}</th>
              <th scope="col">{m.role}</th>
              <th scope="col">{m.posts}</th>
              <th scope="col">{m.since}</th>
              <th scope="col">{m.actions}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <th scope="row">
                  {user.name || user.email} {user.id === you && <span>{m.you}</span>}
                  <span className="admin-hint admin-users__email">{user.email}</span>
                </th>
                <td>
                  <form method="post" className="admin-inline-form">
                    <Hidden csrf={csrf} action="role" id={user.id} />
                    <label className="visually-hidden" htmlFor={`role-${user.id}`}>
                      {m.role} ({user.name || user.email})
                    </label>
                    <RoleSelect id={`role-${user.id}`} value={user.role} />
                    <button type="submit" className="admin-button">
                      {m.changeRole}
                      <span className="visually-hidden"> ({user.name || user.email})</span>
                    </button>
                  </form>
                </td>
                <td>{user.posts}</td>
                <td>{day.format(user.createdAt)}</td>
                <td>
                  {user.id !== you && (
                    <a
                      className="admin-button admin-button--danger"
                      href={`/admin/users/${user.id}`}
                    >
                      {m.remove}
                      <span className="visually-hidden"> {user.name || user.email}</span>
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="admin-roles">
        {roles.map((role: Role) => (
          <div key={role}>
            <dt>{roleNames[role]}</dt>
            <dd>{roleSummaries[role]}</dd>
          </div>
        ))}
      </dl>

      <section className="admin-editor__box admin-users-section" aria-labelledby="invite-heading">
        <h2 id="invite-heading">{m.inviteHeading}</h2>
        <form method="post" className="admin-form">
          <Hidden csrf={csrf} action="invite" />
          <div className="admin-field">
            <label htmlFor="invite-email">{m.email}</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={320}
              defaultValue={typed?.email ?? ''}
            />
          </div>
          <div className="admin-field">
            <label htmlFor="invite-role">{m.role}</label>
            <RoleSelect id="invite-role" value={typed?.role || 'author'} />
          </div>
          <div className="admin-form__actions">
            <button type="submit" className="admin-button admin-button--primary">
              {m.invite}
            </button>
          </div>
        </form>
      </section>

      <section className="admin-editor__box admin-users-section" aria-labelledby="pending-heading">
        <h2 id="pending-heading">{m.pendingHeading}</h2>
        {invites.length === 0 ? (
          <p>{m.noPending}</p>
        ) : (
          <ul className="admin-invites">
            {invites.map((invite) => (
              <li key={invite.id}>
                <span>
                  <strong>{invite.email}</strong> · {roleName(invite.role)} · {m.expires}{' '}
                  {day.format(invite.expiresAt)}
                </span>
                <form method="post" className="admin-inline-form">
                  <Hidden csrf={csrf} action="resend" id={invite.id} />
                  <button type="submit" className="admin-button">
                    {m.resend}
                    <span className="visually-hidden"> ({invite.email})</span>
                  </button>
                </form>
                <form method="post" className="admin-inline-form">
                  <Hidden csrf={csrf} action="revoke" id={invite.id} />
                  <button type="submit" className="admin-button admin-button--danger">
                    {m.revoke}
                    <span className="visually-hidden"> ({invite.email})</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** `/admin/users/{id}`: removing a user, after choosing who gets their posts. */
export function RemoveUserPage({
  user,
  heirs,
  csrf,
  notice,
}: {
  user: User;
  heirs: User[];
  csrf: string;
  notice?: Notice | undefined;
}) {
  const name = user.name || user.email;
  return (
    <>
      {notice?.kind === 'error' && (
        <p className="admin-error" role="alert">
          {notice.message}
        </p>
      )}
      <form method="post" action="/admin/users" className="admin-form">
        <Hidden csrf={csrf} action="remove" id={user.id} />
        <p>{m.removeText(name, user.posts)}</p>
        <div className="admin-field">
          <label htmlFor="heir">{m.heir}</label>
          <select id="heir" name="heir" required>
            {heirs.map((heir) => (
              <option key={heir.id} value={heir.id}>
                {heir.name || heir.email} ({roleName(heir.role)})
              </option>
            ))}
          </select>
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--danger">
            {m.confirmRemove}
          </button>
          <a className="admin-button" href="/admin/users">
            {m.cancel}
          </a>
        </div>
      </form>
    </>
  );
}
