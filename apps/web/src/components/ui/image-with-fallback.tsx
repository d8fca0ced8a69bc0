import { useState, type ComponentProps } from 'react';
import { CategoryArt } from '@/components/category-art';

/**
 * An item's picture, lazily loaded with its size reserved so nothing below it jumps. Without an
 * address, or when the icon cannot be had, the product's category picture stands in.
 */
export function ImageWithFallback({
  src,
  alt,
  category,
  width = 256,
  height = 256,
  ...props
}: ComponentProps<'img'> & { category?: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span role={alt ? 'img' : undefined} aria-label={alt || undefined} className="contents">
        <CategoryArt category={category} className={props.className} />
      </span>
    );
  }
  return (
    <img
      loading="lazy"
      decoding="async"
      width={width}
      height={height}
      {...props}
      alt={alt}
      src={src}
      onError={() => setFailedSrc(src)}
    />
  );
}
