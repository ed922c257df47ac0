import { describe, expect, it } from 'vitest';
import { photoFormat } from './media.ts';

describe('the format a photo is sent in', () => {
  it("is the smallest one the browser's Accept header names", () => {
    // Chromium's header for images.
    expect(photoFormat('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toBe(
      'avif',
    );
    // Safari before AVIF, and Firefox's older header.
    expect(photoFormat('image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5')).toBe('webp');
    expect(photoFormat('IMAGE/WEBP, image/*')).toBe('webp');
  });

  it('is JPEG for wildcards, a refused format, or no header', () => {
    expect(photoFormat('*/*')).toBe('jpeg');
    expect(photoFormat('image/*')).toBe('jpeg');
    expect(photoFormat('image/avif;q=0, image/webp;q=0.0')).toBe('jpeg');
    expect(photoFormat('image/avif;q=0,image/webp')).toBe('webp');
    expect(photoFormat(null)).toBe('jpeg');
    expect(photoFormat(undefined)).toBe('jpeg');
  });
});
