import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  isDesktopWidth,
  isScrollToTopVisible,
  searchFocusDelayMs,
  searchIconAction,
} from '../header-rules.ts';
import { siteMessages } from '../messages.ts';
import type { MenuItem } from '../site-settings.ts';
import { ArrowUpIcon, ChevronIcon, MenuIcon, SearchIcon } from './icons.tsx';

type Props = {
  title: string;
  /**
   * The site's logo, before the title (which stays, so the link always has its name): static
   * markup the server renders (Document.astro), so the island's code does not grow for it.
   */
  children?: ReactNode;
  menu: MenuItem[];
  desktopBreakPoint: number;
  currentPath: string;
  searchQuery?: string;
};

/**
 * The site header: title, main menu (a toggled panel with expandable submenus below the break
 * point), the slide-out search and the scroll-to-top button.
 */
export default function Header({
  title,
  children,
  menu,
  desktopBreakPoint,
  currentPath,
  searchQuery = '',
}: Props) {
  const [desktop, setDesktop] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const [openSubmenus, setOpenSubmenus] = useState<ReadonlySet<number>>(new Set());
  const [searchActive, setSearchActive] = useState(false);
  const [showTop, setShowTop] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const searchFormRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const menuId = `${ids}-menu`;
  const searchId = `${ids}-search`;

  useEffect(() => {
    setHydrated(true);
    const onResize = () => setDesktop(isDesktopWidth(window.innerWidth, desktopBreakPoint));
    const onScroll = () =>
      setShowTop(isScrollToTopVisible(window.scrollY, headerRef.current?.offsetHeight));
    onResize();
    onScroll();
    window.addEventListener('resize', onResize);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('scroll', onScroll);
    };
  }, [desktopBreakPoint]);

  useEffect(() => {
    if (desktop) setMenuOpen(false);
  }, [desktop]);

  useEffect(() => {
    if (!searchActive) return;
    const timer = window.setTimeout(() => searchInputRef.current?.focus(), searchFocusDelayMs);
    return () => window.clearTimeout(timer);
  }, [searchActive]);

  const closeAll = useCallback((returnFocusTo?: HTMLElement | null) => {
    setMenuOpen(false);
    setSearchActive(false);
    returnFocusTo?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (searchActive) closeAll(searchButtonRef.current);
      else if (menuOpen) closeAll(menuButtonRef.current);
      else if (openSubmenus.size > 0) setOpenSubmenus(new Set());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [searchActive, menuOpen, openSubmenus, closeAll]);

  const onSearchIcon = () => {
    const action = searchIconAction(searchActive, searchInputRef.current?.value ?? '');
    if (action === 'submit') searchFormRef.current?.requestSubmit();
    else setSearchActive(action === 'open');
  };

  const toggleSubmenu = (index: number) => {
    setOpenSubmenus((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  };

  const mode = desktop ? 'desktop' : 'mobile';
  return (
    <>
      <header
        ref={headerRef}
        className="site-header"
        data-mode={hydrated ? mode : undefined}
        data-menu-open={menuOpen || undefined}
        data-search-active={searchActive || undefined}
      >
        <div className="site-header__inner">
          <a
            className="site-title"
            href="/"
            aria-current={currentPath === '/' ? 'page' : undefined}
          >
            {children}
            {title}
          </a>
          {menu.length > 0 && (
            <>
              <button
                ref={menuButtonRef}
                type="button"
                className="icon-button menu-toggle"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                aria-label={menuOpen ? siteMessages.closeMenu : siteMessages.openMenu}
                onClick={() => setMenuOpen((open) => !open)}
              >
                <MenuIcon open={menuOpen} />
                <span className="menu-toggle__label">{siteMessages.menu}</span>
              </button>
              <nav id={menuId} className="site-menu" aria-label={siteMessages.menu}>
                <ul>
                  {menu.map((item, index) => {
                    const submenuId = `${ids}-submenu-${index}`;
                    const expanded = openSubmenus.has(index);
                    return (
                      <li
                        key={`${item.label}-${item.url}`}
                        className={item.children.length ? 'has-submenu' : undefined}
                        data-open={expanded || undefined}
                      >
                        <a
                          href={item.url}
                          aria-current={item.url === currentPath ? 'page' : undefined}
                        >
                          {item.label}
                        </a>
                        {item.children.length > 0 && (
                          <>
                            <button
                              type="button"
                              className="submenu-toggle"
                              aria-expanded={expanded}
                              aria-controls={submenuId}
                              aria-label={siteMessages.expandSubmenu(item.label)}
                              onClick={() => toggleSubmenu(index)}
                            >
                              <ChevronIcon />
                            </button>
                            <ul id={submenuId} className="submenu">
                              {item.children.map((child) => (
                                <li key={`${child.label}-${child.url}`}>
                                  <a
                                    href={child.url}
                                    aria-current={child.url === currentPath ? 'page' : undefined}
                                  >
                                    {child.label}
                                  </a>
                                </li>
                              ))}
                            </ul>
                          </>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </nav>
            </>
          )}
          <form
            ref={searchFormRef}
            className="header-search"
            action="/search"
            method="get"
            role="search"
          >
            <label className="visually-hidden" htmlFor={searchId}>
              {siteMessages.searchLabel}
            </label>
            <input
              ref={searchInputRef}
              id={searchId}
              className="header-search__field"
              type="search"
              name="q"
              maxLength={200}
              defaultValue={searchQuery}
              placeholder={siteMessages.searchPlaceholder}
              tabIndex={hydrated && !searchActive ? -1 : undefined}
              aria-hidden={hydrated && !searchActive ? true : undefined}
            />
            <button
              ref={searchButtonRef}
              type={hydrated ? 'button' : 'submit'}
              className="icon-button header-search__icon"
              aria-label={siteMessages.search}
              aria-expanded={hydrated ? searchActive : undefined}
              aria-controls={searchId}
              onClick={hydrated ? onSearchIcon : undefined}
            >
              <SearchIcon />
            </button>
          </form>
        </div>
      </header>
      <button
        type="button"
        className="scroll-to-top"
        data-visible={showTop || undefined}
        aria-label={siteMessages.scrollToTop}
        tabIndex={showTop ? 0 : -1}
        aria-hidden={!showTop}
        onClick={() => {
          const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
          window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
          document.querySelector<HTMLElement>('.site-title')?.focus({ preventScroll: true });
        }}
      >
        <ArrowUpIcon />
      </button>
    </>
  );
}
