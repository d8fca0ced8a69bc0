import type { PublicSite } from '@shop/shared';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isPreviewReady, PREVIEW_SITE, SITE_PREVIEW_URL } from '@/lib/site-preview-message';

const frames = [
  { name: 'телефон', width: 390, height: 844 },
  { name: 'компьютер', width: 1280, height: 800 },
] as const;

/** The widths the frames are drawn at, scaled down to the panel's width. */
function useWidth(element: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The real home page at a phone's and a computer's width, drawn with the unsaved draft: each frame
 * loads `/?site-preview=1` from this origin, says when it is ready, and is sent the draft then and
 * after every change (features/site/site-preview.ts applies it there).
 */
function PreviewFrames({ site }: { site: PublicSite }) {
  const box = useRef<HTMLDivElement>(null);
  const refs = useRef<(HTMLIFrameElement | null)[]>([]);
  const latest = useRef(site);
  const width = useWidth(box);

  useEffect(() => {
    latest.current = site;
    // A keystroke is not worth redrawing two whole pages for: they follow a moment after typing.
    const timer = setTimeout(() => {
      for (const frame of refs.current) {
        frame?.contentWindow?.postMessage({ type: PREVIEW_SITE, site }, location.origin);
      }
    }, 150);
    return () => clearTimeout(timer);
  }, [site]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || !isPreviewReady(event.data)) return;
      const frame = refs.current.find((item) => item?.contentWindow === event.source);
      frame?.contentWindow?.postMessage(
        { type: PREVIEW_SITE, site: latest.current },
        location.origin,
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The phone beside the computer when there is room, each above the other when not.
  const wide = width >= 640;
  const phoneScale = wide ? Math.min(0.5, (width * 0.3) / 390) : Math.min(0.6, width / 390);
  const desktopScale = wide ? (width - 390 * phoneScale - 16) / 1280 : width / 1280;

  return (
    <div ref={box} className={wide ? 'flex items-start gap-4' : 'flex flex-col gap-4'}>
      {width > 0 &&
        frames.map((frame, index) => {
          const scale = frame.width === 390 ? phoneScale : desktopScale;
          return (
            <figure key={frame.name} className="grid gap-1">
              <div
                className="overflow-hidden rounded-md border border-white/15 bg-background"
                style={{ width: frame.width * scale, height: frame.height * scale }}
              >
                <iframe
                  ref={(element) => {
                    refs.current[index] = element;
                  }}
                  src={SITE_PREVIEW_URL}
                  title={`Предпросмотр: ${frame.name}`}
                  width={frame.width}
                  height={frame.height}
                  style={{ transform: `scale(${scale})`, transformOrigin: '0 0' }}
                  className="border-0"
                />
              </div>
              <figcaption className="text-xs text-muted-foreground">
                {frame.name === 'телефон' ? 'Телефон, 390 px' : 'Компьютер, 1280 px'}
              </figcaption>
            </figure>
          );
        })}
    </div>
  );
}

/** «Предпросмотр»: opened on demand, as each frame runs a whole copy of the shop's page. */
export function PreviewPanel({ site }: { site: PublicSite }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-display text-lg font-bold tracking-wide text-white uppercase">
            Предпросмотр
          </h2>
          <p className="text-sm text-muted-foreground">
            Главная страница с неопубликованными правками: так её увидят игроки.
          </p>
        </div>
        <Button variant="outline" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {open ? 'Скрыть предпросмотр' : 'Показать предпросмотр'}
        </Button>
      </div>
      {open && <PreviewFrames site={site} />}
    </Card>
  );
}
