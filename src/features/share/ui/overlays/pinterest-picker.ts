import { eligiblePinImages, type PinCandidate, pinterestCreateUrl } from '../../pinterest.ts';
import { element, openOverlayDialog } from './overlay-dialog.ts';
import { overlayMessages } from './overlay-messages.ts';

/**
 * The page's loaded images as candidates, each by the size of the file it shows. An image's
 * naturalWidth is not that: it is divided by the density its srcset declares (an 80-pixel file
 * listed as `8w` for a 400px slot reports 4000), so the file is measured on its own.
 */
async function pageImages(document: Document): Promise<PinCandidate[]> {
  const images = [...document.images].filter((image) => !image.closest('.share-overlay'));
  return Promise.all(
    images.map(async (image) => {
      const noPin =
        image.hasAttribute('data-pin-nopin') ||
        image.getAttribute('nopin') === 'nopin' ||
        image.classList.contains('nopin');
      const src = image.currentSrc || image.src;
      const loaded = image.complete && image.naturalWidth > 0;
      const size = loaded && !noPin ? await fileSize(src) : { width: 0, height: 0 };
      return { src, ...size, alt: image.alt, noPin };
    }),
  );
}

/** The pixel size of an image file: loaded alone (from the cache), without a srcset. */
async function fileSize(src: string): Promise<{ width: number; height: number }> {
  const probe = new Image();
  probe.src = src;
  try {
    await probe.decode();
    return { width: probe.naturalWidth, height: probe.naturalHeight };
  } catch {
    return { width: 0, height: 0 };
  }
}

/**
 * Seed §2.7: "Pin It on Pinterest" lists the page's images larger than 100×100 px that are
 * not marked no-pin; when there are none, the page's preview image. Choosing one opens
 * Pinterest's pin-creation page.
 */
export async function openPinterestPicker(context: {
  url: string;
  title: string;
  image?: string | undefined;
  trigger: HTMLElement;
}): Promise<HTMLDialogElement> {
  let images = eligiblePinImages(await pageImages(document));
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
