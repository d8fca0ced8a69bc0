import type { CSSProperties } from 'react';
import { useSite } from '@/features/site/api/get-site-settings';

/** A CSS url() of a settings address; the characters that could end it early are escaped. */
const cssUrl = (url: string) => `url("${url.replace(/["\\\n]/g, encodeURIComponent)}")`;

/**
 * SPEC §1: a full-screen fixed picture under every page, darkened by the owner's overlay. The phone
 * picture below 640 px and the desktop one above are chosen by one CSS rule, so a browser downloads
 * only the one it shows.
 */
export function Background() {
  const site = useSite();
  const background = site?.images.background;
  const pictures = background && {
    '--site-bg-phone': cssUrl(background.phone),
    '--site-bg-desktop': cssUrl(background.desktop),
  };
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-0 bg-background">
      {pictures && (
        <div
          className="absolute inset-0 bg-(image:--site-bg-phone) bg-cover bg-center bg-no-repeat sm:bg-(image:--site-bg-desktop)"
          style={pictures as CSSProperties}
        />
      )}
      {site && (
        <div
          className="absolute inset-0 bg-black"
          style={{ opacity: site.colors.overlayPercent / 100 }}
        />
      )}
    </div>
  );
}
