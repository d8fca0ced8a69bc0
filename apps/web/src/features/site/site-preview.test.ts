import { DEFAULT_SITE_CONTENT, toPublicSite } from '@shop/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { PREVIEW_READY, PREVIEW_SITE } from '@/lib/site-preview-message';
import { startSitePreview, type PreviewWindow } from './site-preview';

const ORIGIN = 'https://shop.example';

const site = toPublicSite(
  {
    version: 1,
    content: {
      ...DEFAULT_SITE_CONTENT,
      name: 'Черновик',
      colors: { primary: '#2b8cce', overlayPercent: 40 },
      links: [
        { kind: 'vk', url: 'https://vk.com/rust', label: 'VK', main: true },
        { kind: 'site', url: 'javascript:alert(1)', label: 'x', main: false },
      ],
    },
    images: { logo: null, favicon: null, background: null },
  },
  { demo: false, wipeWarnHours: 24, supportEmail: null },
);

/** A page in a frame (or not), with what it sends its parent and the listener it adds. */
function fakeWindow({ search = '?site-preview=1', framed = true } = {}) {
  const sent: unknown[] = [];
  const parent = { postMessage: (data: unknown) => sent.push(data) };
  const style = new Map<string, string>();
  let listener: ((event: MessageEvent) => void) | null = null;
  // A page not in a frame is its own parent, as window.parent is then.
  const win: PreviewWindow & { postMessage: (data: unknown) => void } = {
    parent,
    postMessage: (data) => sent.push(data),
    location: { search, origin: ORIGIN },
    document: {
      title: '',
      documentElement: {
        style: { setProperty: (name: string, value: string) => style.set(name, value) },
      },
    },
    addEventListener: (_type: string, handler: (event: MessageEvent) => void) => {
      listener = handler;
    },
    removeEventListener: () => {
      listener = null;
    },
  };
  if (!framed) win.parent = win;
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    listener?.({
      data,
      origin: from.origin ?? ORIGIN,
      source: from.source ?? parent,
    } as MessageEvent);
  return { win, sent, style, deliver, listening: () => listener !== null };
}

describe('the preview frame', () => {
  it('says it is ready, then draws the draft it is sent: the settings, the theme, the title', () => {
    const client = new QueryClient();
    const page = fakeWindow();
    startSitePreview(client, page.win);
    expect(page.sent).toEqual([{ type: PREVIEW_READY }]);
    page.deliver({ type: PREVIEW_SITE, site });
    const shown = client.getQueryData<typeof site>(queryKeys.site);
    expect(shown?.name).toBe('Черновик');
    expect(shown?.links.map((link) => link.label)).toEqual(['VK']);
    expect(page.style.get('--color-primary')).toBe('#2b8cce');
    expect(page.style.get('--site-overlay')).toBe('0.4');
    expect(page.win.document.title).toBe('Черновик');
  });

  it('ignores messages from another origin, from another window, or of another shape', () => {
    const client = new QueryClient();
    const page = fakeWindow();
    startSitePreview(client, page.win);
    page.deliver({ type: PREVIEW_SITE, site }, { origin: 'https://evil.example' });
    page.deliver({ type: PREVIEW_SITE, site }, { source: {} });
    page.deliver({ type: PREVIEW_SITE, site: { name: 'half' } });
    page.deliver({ type: 'other', site });
    expect(client.getQueryData(queryKeys.site)).toBeUndefined();
    expect(page.style.size).toBe(0);
  });

  it('does nothing on a page that is not framed or not asked to preview', () => {
    for (const options of [{ framed: false }, { search: '' }]) {
      const page = fakeWindow(options);
      startSitePreview(new QueryClient(), page.win);
      expect(page.listening()).toBe(false);
      expect(page.sent).toEqual([]);
    }
  });
});
