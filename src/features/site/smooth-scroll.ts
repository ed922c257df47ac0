/** The element an in-page link points to, or undefined for links elsewhere. */
export function inPageTarget(link: HTMLAnchorElement, doc: Document): HTMLElement | undefined {
  const href = link.getAttribute('href');
  if (!href?.includes('#') || link.target === '_blank') return undefined;
  const url = new URL(link.href, doc.baseURI);
  const here = new URL(doc.location.href);
  if (url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search)
    return undefined;
  const id = decodeURIComponent(url.hash.slice(1));
  if (!id) return undefined;
  return doc.getElementById(id) ?? undefined;
}

/** Links to anchors on the same page scroll there smoothly and move focus to the target. */
export function installSmoothScroll(doc: Document): void {
  doc.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const target = inPageTarget(link, doc);
    if (!target) return;
    event.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    history.pushState(null, '', `#${target.id}`);
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  });
}
