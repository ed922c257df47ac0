import { encode } from 'uqr';
import { escapeHtml } from '../../platform/html-escape.ts';

/**
 * A QR code of `text` as an SVG document: dark modules as one path of unit squares, with a
 * quiet zone of 4 modules as the standard asks. Made in the browser, so no request leaves.
 */
export function qrCodeSvg(text: string, title: string): string {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeHtml(title)}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** The dark/light matrix itself, for tests that read the code back. */
export function qrCodeMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 4 }).data;
}
