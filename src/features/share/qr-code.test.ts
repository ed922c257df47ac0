import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrCodeMatrix, qrCodeSvg } from './qr-code.ts';

/** Draws the matrix at 4 px per module into RGBA pixels and reads it with a QR decoder. */
function decode(matrix: boolean[][]): string | undefined {
  const scale = 4;
  const size = matrix.length * scale;
  const pixels = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dark = matrix[Math.floor(y / scale)]?.[Math.floor(x / scale)];
      const offset = (y * size + x) * 4;
      pixels.fill(dark ? 0 : 255, offset, offset + 3);
      pixels[offset + 3] = 255;
    }
  }
  return jsQR(pixels, size, size)?.data;
}

describe('QR codes', () => {
  it('encode the page address so a phone reads it back exactly', () => {
    const url = 'https://notes.example/walking-the-coast-path-out-of-season/?utm_source=wechat';
    expect(decode(qrCodeMatrix(url))).toBe(url);
  });

  it('are an SVG with a quiet zone and an accessible name', () => {
    const svg = qrCodeSvg('https://notes.example/', 'QR code of "this" page');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('aria-label="QR code of &quot;this&quot; page"');
    expect(svg).toContain('<path d="M');
  });
});
