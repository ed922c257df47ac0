import { mediaPath, mediaSrcset } from '../media-urls.ts';
import type { CoverImage } from '../post-types.ts';

type Props = {
  image: CoverImage;
  sizes: string;
  width: number;
  eager?: boolean;
  className?: string;
};

/** An image served at the width the browser needs, with its real size to avoid layout shift. */
export function ResponsiveImage({ image, sizes, width, eager = false, className }: Props) {
  return (
    <img
      className={className}
      src={mediaPath(image.id, image.fileName, width, image)}
      srcSet={mediaSrcset(image.id, image.fileName, image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'auto' : 'async'}
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
