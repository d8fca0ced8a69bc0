import { useState, type ComponentProps } from 'react';

export const FALLBACK_IMAGE = '/img/default.webp';

/** Item pictures come from a folder the admin fills; a missing one falls back to our crate. */
export function ImageWithFallback({ src, alt, ...props }: ComponentProps<'img'>) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <img
      loading="lazy"
      decoding="async"
      {...props}
      alt={alt}
      src={broken ? FALLBACK_IMAGE : src}
      onError={() => {
        if (!broken && src) setFailedSrc(src);
      }}
    />
  );
}
