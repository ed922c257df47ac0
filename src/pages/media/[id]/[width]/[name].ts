import type { APIRoute } from 'astro';
import { isMediaWidth } from '../../../../features/content/media-urls.ts';
import { imageVariant } from '../../../../features/content/server/media.ts';

const notFound = () =>
  new Response('No such image.\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

/**
 * An uploaded image at one of the offered widths; the URL never changes for an id. A photo comes
 * in the format the browser's `Accept` header allows (AVIF, WebP or JPEG), hence `Vary: Accept`.
 */
export const GET: APIRoute = async ({ params, request, locals: { app } }) => {
  const id = Number(params.id);
  const width = Number(params.width);
  if (!/^\d{1,9}$/.test(params.id ?? '') || !isMediaWidth(width)) return notFound();
  const variant = await imageVariant(
    app.database.db,
    id,
    width,
    app.mediaCacheDir,
    request.headers.get('accept'),
  );
  if (!variant) return notFound();
  return new Response(new Uint8Array(variant.bytes), {
    headers: {
      'Content-Type': variant.mime,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Length': String(variant.bytes.byteLength),
      ...(variant.negotiated ? { Vary: 'Accept' } : {}),
    },
  });
};
