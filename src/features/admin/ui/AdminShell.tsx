import type { ReactNode } from 'react';
import { shellMessages as m } from '../messages.ts';
import type { Permission } from '../permissions.ts';
import { toastRegionId } from './toast.ts';

/** The admin's screens, in the sidebar's order; each is added here when it exists. */
const sections: readonly { path: string; label: string; need: Permission }[] = [
  { path: '/admin', label: m.screens.dashboard, need: 'account' },
  { path: '/admin/posts', label: m.screens.posts, need: 'posts' },
  { path: '/admin/pages', label: m.screens.pages, need: 'pages' },
  { path: '/admin/media', label: m.screens.media, need: 'media' },
  { path: '/admin/tags', label: m.screens.tags, need: 'tags' },
  { path: '/admin/forms', label: m.screens.forms, need: 'forms' },
  { path: '/admin/entries', label: m.screens.entries, need: 'entries' },
  { path: '/admin/coupons', label: m.screens.coupons, need: 'payments' },
  { path: '/admin/stats', label: m.screens.stats, need: 'stats' },
  { path: '/admin/subscribers', label: m.screens.subscribers, need: 'subscribers' },
  { path: '/admin/redirects', label: m.screens.redirects, need: 'redirects' },
  { path: '/admin/users', label: m.screens.users, need: 'users' },
  { path: '/admin/settings', label: m.screens.settings, need: 'settings' },
  { path: '/admin/backups', label: m.screens.backups, need: 'settings' },
  { path: '/admin/import', label: m.screens.import, need: 'import' },
  { path: '/admin/outbox', label: m.screens.outbox, need: 'outbox' },
  { path: '/admin/account', label: m.screens.account, need: 'account' },
];

type Props = {
  siteTitle: string;
  siteUrl: string;
  userName: string;
  /** What the signed-in user may do: the sidebar shows only the screens they may open. */
  can: readonly Permission[];
  /** The session's CSRF token, carried by every form that changes something. */
  csrf: string;
  /** The address of the screen shown, to mark its link. */
  current: string;
  title: string;
  /** The screen this one belongs to, between the dashboard and it in the breadcrumb. */
  parent?: { path: string; label: string };
  /** Entries the owner has not seen yet, shown beside "Entries". */
  newEntries: number;
  children: ReactNode;
};

function SectionLinks({
  current,
  can,
  newEntries = 0,
}: {
  current: string;
  can: readonly Permission[];
  newEntries?: number;
}) {
  return (
    <ul>
      {sections
        .filter((section) => can.includes(section.need))
        .map((section) => (
          <li key={section.path}>
            <a href={section.path} aria-current={section.path === current ? 'page' : undefined}>
              {section.label}
              {section.path === '/admin/entries' && newEntries > 0 && (
                <span className="admin-badge">
                  {newEntries > 99 ? '99+' : newEntries}
                  <span className="visually-hidden">{m.newEntries}</span>
                </span>
              )}
            </a>
          </li>
        ))}
    </ul>
  );
}

/**
 * Every signed-in admin screen: the bar with the signed-in owner, the sidebar, the breadcrumb
 * and the screen. On a phone the sidebar folds into a menu: a native disclosure, so it opens
 * with a keyboard and a screen reader hears its state without any script. Only one of the two
 * navigations is displayed at a width, so assistive technology meets one.
 */
export function AdminShell({
  siteTitle,
  siteUrl,
  userName,
  can,
  csrf,
  current,
  title,
  parent,
  newEntries,
  children,
}: Props) {
  const trail: { path: string; label: string }[] =
    current === '/admin' ? [] : [{ path: '/admin', label: m.screens.dashboard }];
  if (parent) trail.push(parent);
  return (
    <div className="admin-shell">
      <a className="admin-skip" href="#admin-main">
        {m.skip}
      </a>
      <header className="admin-bar">
        <a className="admin-bar__site" href={siteUrl}>
          {siteTitle}
          <span className="admin-bar__visit">{m.viewSite}</span>
        </a>
        <div className="admin-bar__account">
          <a
            className="admin-bar__user"
            href="/admin/account"
            aria-current={current === '/admin/account' ? 'page' : undefined}
          >
            {userName}
          </a>
          <form method="post" action="/admin/sign-out">
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" className="admin-button">
              {m.signOut}
            </button>
          </form>
        </div>
      </header>
      <details className="admin-menu">
        <summary>{m.menu}</summary>
        <nav aria-label={m.navigation}>
          <SectionLinks current={current} can={can} newEntries={newEntries} />
        </nav>
      </details>
      <nav className="admin-nav" aria-label={m.navigation}>
        <SectionLinks current={current} can={can} newEntries={newEntries} />
      </nav>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {trail.length > 0 && (
          <nav className="admin-breadcrumb" aria-label={m.breadcrumb}>
            <ol>
              {trail.map((step) => (
                <li key={step.path}>
                  <a href={step.path}>{step.label}</a>
                </li>
              ))}
              <li>
                <span aria-current="page">{title}</span>
              </li>
            </ol>
          </nav>
        )}
        <h1>{title}</h1>
        {children}
      </main>
      <div id={toastRegionId} className="admin-toasts" role="status" aria-live="polite" />
    </div>
  );
}
