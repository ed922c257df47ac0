import { eligiblePinImages, type PinCandidate, pinterestCreateUrl } from '../../pinterest.ts';
import { element, openOverlayDialog } from './overlay-dialog.ts';
import { overlayMessages } from './overlay-messages.ts';

/** The page's images as candidates, by their rendered source and natural size. */
function pageImages(document: Document): PinCandidate[] {
  return [...document.images]
    .filter((image) => !image.closest('.share-overlay'))
    .map((image) => ({
      src: image.currentSrc || image.src,
      width: image.naturalWidth,
      height: image.naturalHeight,
      alt: image.alt,
      noPin:
        image.hasAttribute('data-pin-nopin') ||
        image.getAttribute('nopin') === 'nopin' ||
        image.classList.contains('nopin'),
    }));
}

/**
 * Seed §2.7: "Pin It on Pinterest" lists the page's images larger than 100×100 px that are
 * not marked no-pin; when there are none, the page's preview image. Choosing one opens
 * Pinterest's pin-creation page.
 */
export function openPinterestPicker(context: {
  url: string;
  title: string;
  image?: string | undefined;
  trigger: HTMLElement;
}): HTMLDialogElement {
  let images = eligiblePinImages(pageImages(document));
  const preview =
    context.image ??
    document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content ??
    undefined;
  if (images.length === 0 && preview) {
    images = [{ src: preview, width: 0, height: 0, alt: context.title, noPin: false }];
  }
  const body: HTMLElement[] = [];
  if (images.length === 0) {
    body.push(element('p', 'share-overlay__hint', overlayMessages.pinterestNoImage));
  } else {
    body.push(element('p', 'share-overlay__hint', overlayMessages.pinterestChoose));
    const list = element('ul', 'share-overlay__images');
    for (const image of images) {
      const item = element('li', '');
      const link = element('a', 'share-overlay__pin');
      link.href = pinterestCreateUrl(context.url, image.src, image.alt || context.title);
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      link.setAttribute('aria-label', overlayMessages.pinImage(image.alt));
      const thumbnail = element('img', '');
      thumbnail.src = image.src;
      thumbnail.alt = '';
      thumbnail.setAttribute('data-pin-nopin', '');
      link.append(thumbnail);
      link.addEventListener('click', () => {
        // Let the link open Pinterest, then close the picker.
        setTimeout(() => link.closest('dialog')?.close(), 0);
      });
      item.append(link);
      list.append(item);
    }
    body.push(list);
  }
  return openOverlayDialog({
    title: overlayMessages.pinterestTitle,
    className: 'share-overlay--pinterest',
    body,
    trigger: context.trigger,
  });
}
