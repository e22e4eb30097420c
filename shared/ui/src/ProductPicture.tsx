import { useEffect, useRef, useState } from 'react';
import { NO_IMAGE, pictureSources } from '@wishlist/contracts';

export interface ProductPictureProps {
  /** The shop's picture URL as stored (or the placeholder). */
  image?: string | null;
  /** Our own resized copy of it (`Product.picture`), when the service sent one. */
  picture?: string;
  /** The largest width, in CSS pixels, the picture is shown at (picks the sizes offered). */
  cssWidth: number;
  /** The `sizes` attribute (defaults to `${cssWidth}px`). */
  sizes?: string;
  className?: string;
  /** The first pictures of a page (its largest paint): load at once, with high priority. */
  priority?: boolean;
}

/**
 * A product picture: our own resized WebP copy with a `srcset`, so a card never loads
 * much more than the pixels it shows and visitors' browsers do not call the shops; a square
 * `width`/`height` reserves its place (no layout shift). If our copy fails, the "no image"
 * placeholder shows: the shop's own URL is never tried as a fallback, so visitors' browsers never
 * call a shop and the content security policy admits no remote image origin. Only a product the
 * service sent without our copy (an older service during a deployment) shows `image` as given, and
 * the policy decides whether it loads.
 */
export function ProductPicture({ image, picture, cssWidth, sizes, className, priority }: ProductPictureProps) {
  const [failed, setFailed] = useState(false);
  const own = !failed && picture ? pictureSources(picture, cssWidth) : null;
  const given = !failed && !picture && image && image !== NO_IMAGE ? image : null;
  const src = own?.src ?? given ?? NO_IMAGE;
  const ref = useRef<HTMLImageElement>(null);
  // A picture of the server's first view may fail before React hydrates it: that error event
  // reached no handler, so the broken picture is found here instead.
  useEffect(() => {
    const img = ref.current;
    if (img && src !== NO_IMAGE && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);
  return (
    <img
      ref={ref}
      key={src}
      className={className}
      src={src}
      srcSet={own?.srcSet}
      sizes={own ? (sizes ?? `${cssWidth}px`) : undefined}
      alt=""
      width={cssWidth}
      height={cssWidth}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
