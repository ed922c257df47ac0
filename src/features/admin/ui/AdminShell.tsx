import type { ReactNode } from 'react';

/** The admin's screens, in the sidebar's order; each is added here when it exists. */
const sections = [
  { path: '/admin', label: 'Dashboard' },
  { path: '/admin/settings', label: 'Settings' },
] as const;

type Props = {
  siteTitle: string;
  siteUrl: string;
  userName: string;
  /** The session's CSRF token, carried by every form that changes something. */
  csrf: string;
  /** The address of the screen shown, to mark its link. */
  current: string;
  title: string;
  children: ReactNode;
};

/** Every signed-in admin screen: the sidebar, the signed-in owner, and the screen itself. */
export function AdminShell({
  siteTitle,
  siteUrl,
  userName,
  csrf,
  current,
  title,
  children,
}: Props) {
  return (
    <div className="admin-shell">
      <a className="admin-skip" href="#admin-main">
        Skip to the content
      </a>
      <header className="admin-bar">
        <a className="admin-bar__site" href={siteUrl}>
          {siteTitle}
          <span className="admin-bar__visit"> · view the site</span>
        </a>
        <div className="admin-bar__account">
          <span>{userName}</span>
          <form method="post" action="/admin/sign-out">
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" className="admin-button">
              Sign out
            </button>
          </form>
        </div>
      </header>
      <nav className="admin-nav" aria-label="Admin">
        <ul>
          {sections.map((section) => (
            <li key={section.path}>
              <a href={section.path} aria-current={section.path === current ? 'page' : undefined}>
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
