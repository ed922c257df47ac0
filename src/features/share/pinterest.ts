/** Pinterest's pin-creation address (contract §1), with the page, the image and a description. */
export function pinterestCreateUrl(pageUrl: string, media: string, description: string): string {
  const query = new URLSearchParams({ url: pageUrl, media, description });
  return `https://www.pinterest.com/pin/create/button/?${query}`;
}

export type PinCandidate = {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** Marked by the owner as not to be pinned (`data-pin-nopin`, `nopin`, class `nopin`). */
  noPin: boolean;
};

/** Seed §2.7: images larger than 100×100 px, not marked no-pin; each image once. */
export function eligiblePinImages(candidates: readonly PinCandidate[]): PinCandidate[] {
  const seen = new Set<string>();
  return candidates.filter((image) => {
    if (image.noPin || image.width <= 100 || image.height <= 100 || seen.has(image.src)) {
      return false;
    }
    seen.add(image.src);
    return /^https?:/i.test(image.src);
  });
}
