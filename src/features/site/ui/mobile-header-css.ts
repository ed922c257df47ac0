/**
 * The header's mobile layout below the configured break point. Generated per site because a
 * media query cannot read a setting; the same number drives the island's `data-mode`.
 */
/**
 * Without JavaScript the toggle cannot open the menu, so every link is shown under the title and
 * search field as a wrapping row, submenu links included (muted, after their parent).
 */
const noScriptMenu = [
  'html:not(.js) .site-header__inner{flex-wrap:wrap;row-gap:.25rem}',
  'html:not(.js) .site-header .header-search{flex:1 1 8rem;justify-content:flex-end;min-width:0}',
  'html:not(.js) .site-header .header-search__field{flex:1;min-width:0;width:auto}',
  'html:not(.js) .site-header .menu-toggle,html:not(.js) .site-header .site-menu .submenu-toggle{display:none}',
  'html:not(.js) .site-header .site-menu{display:block;position:static;order:4;flex-basis:100%;box-shadow:none;border:0;padding:0;background:none}',
  'html:not(.js) .site-header .site-menu>ul{flex-direction:row;flex-wrap:wrap;gap:.25rem}',
  'html:not(.js) .site-header .site-menu li{border:0}',
  'html:not(.js) .site-header .site-menu li.has-submenu,html:not(.js) .site-header .site-menu .submenu{display:contents}',
  'html:not(.js) .site-header .site-menu a{flex:none;padding:.45rem .6rem}',
  'html:not(.js) .site-header .site-menu .submenu a{font-weight:400;color:var(--muted)}',
].join('\n');

export function mobileHeaderCss(desktopBreakPoint: number): string {
  const max = Math.max(0, Math.floor(desktopBreakPoint) - 1);
  return `@media (max-width:${max}px){
.site-header .menu-toggle{display:inline-flex}
.site-header .site-menu{display:none;position:absolute;left:0;right:0;top:100%;background:var(--surface);border-bottom:1px solid var(--line);box-shadow:0 12px 24px -16px rgba(0,0,0,.25);padding:.5rem 1rem 1rem}
.site-header[data-menu-open] .site-menu{display:block}
.site-header .site-menu>ul{flex-direction:column;align-items:stretch;gap:0}
.site-header .site-menu li{flex-wrap:wrap;border-bottom:1px solid var(--line)}
.site-header .site-menu li:last-child{border-bottom:0}
.site-header .site-menu a{flex:1;padding:.8rem .25rem;white-space:normal}
.site-header .site-menu .submenu{position:static;display:none;box-shadow:none;border:0;min-width:0;width:100%;padding:0 0 .5rem 1rem;background:transparent}
.site-header .site-menu li:hover>.submenu,.site-header .site-menu li:focus-within>.submenu{display:none}
.site-header .site-menu li[data-open]>.submenu{display:block}
.site-header .site-menu .submenu-toggle{display:inline-flex;width:44px;height:44px}
.site-header[data-search-active] .header-search__field{position:absolute;left:1.25rem;right:8.5rem;top:50%;transform:translateY(-50%);width:auto;z-index:2;background:var(--surface)}
${noScriptMenu}
}`;
}
