import { lazyBackgroundRootMargin } from './header-rules.ts';

/**
 * Elements marked `data-lazy-background="url"` get that background image once they come
 * within 200 px of the viewport.
 */
export function installLazyBackgrounds(doc: Document): void {
  const elements = doc.querySelectorAll<HTMLElement>('[data-lazy-background]');
  if (elements.length === 0) return;
  const load = (element: HTMLElement) => {
    const url = element.dataset.lazyBackground;
    if (url) element.style.backgroundImage = `url(${JSON.stringify(url)})`;
    element.removeAttribute('data-lazy-background');
    element.dataset.lazyBackgroundLoaded = '';
  };
  if (!('IntersectionObserver' in window)) {
    elements.forEach(load);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        load(entry.target as HTMLElement);
      }
    },
    { rootMargin: lazyBackgroundRootMargin },
  );
  for (const element of elements) observer.observe(element);
}
