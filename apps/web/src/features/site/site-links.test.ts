import { contrastRatio } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { labelSafeColour, linkColours, listedLinks, mainLink, type SiteLink } from './site-links';

const link = (kind: SiteLink['kind'], url: string, label: string, main = false): SiteLink => ({
  kind,
  url,
  label,
  main,
});

describe('the community links from the owner’s settings', () => {
  const links = [
    link('vk', 'https://vk.com/shop', 'Группа ВК'),
    link('telegram', 'https://t.me/shop', 'Канал', true),
    link('discord', 'https://discord.gg/shop', 'Discord'),
    link('site', 'https://vk.com/shop', 'Та же группа'),
  ];

  it('lists them in the owner’s order, an address given twice once', () => {
    expect(listedLinks({ links }).map((entry) => entry.label)).toEqual([
      'Группа ВК',
      'Канал',
      'Discord',
    ]);
  });

  it('offers the one marked main on the floating button, wherever it stands', () => {
    expect(mainLink({ links })?.label).toBe('Канал');
  });

  it('has no floating button without a main link, nor before the settings arrive', () => {
    expect(mainLink({ links: links.map((entry) => ({ ...entry, main: false })) })).toBeNull();
    expect(mainLink({ links: [] })).toBeNull();
    expect(mainLink(undefined)).toBeNull();
    expect(listedLinks(undefined)).toEqual([]);
  });
});

describe('the main link button’s colours', () => {
  it('keeps Discord’s colour, which already carries a white label', () => {
    expect(linkColours('discord').background).toBe('#5865f2');
    expect(linkColours('discord').text).toBe('#ffffff');
  });

  it('shades a light brand colour only as far as a white label needs (AA)', () => {
    for (const kind of ['telegram', 'vk', 'youtube', 'discord'] as const) {
      const { background } = linkColours(kind);
      expect(contrastRatio(background, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    const telegram = labelSafeColour('#229ed9');
    expect(telegram).not.toBe('#229ed9');
    // One step lighter would no longer do: the shade is the least that reads.
    expect(contrastRatio(telegram, '#ffffff')).toBeLessThan(4.8);
  });

  it('draws a site link in the shop’s own primary colour', () => {
    expect(linkColours('site')).toEqual({
      background: 'var(--color-primary)',
      hover: 'var(--color-primary-hover)',
      text: 'var(--color-primary-foreground)',
    });
  });
});
