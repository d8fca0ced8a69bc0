import type { PublicServer } from '@shop/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerCard } from './server-card';

const now = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now + hours * HOUR).toISOString();

const server: PublicServer = {
  id: 1,
  name: 'RUSTY | Classic x2',
  description: '',
  status: 'online',
  ip: '203.0.113.10',
  port: 28015,
  map: 'Procedural Map',
  playersOnline: 12,
  maxPlayers: 200,
  isPluginEnabled: 0,
  lastWipeAt: null,
  nextWipeAt: null,
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

/** The card's wipe row as a reader sees it. */
function wipeRow(card: PublicServer): string {
  const html = renderToStaticMarkup(<ServerCard server={card} onShowPlayers={() => undefined} />);
  const row = /data-testid="server-wipe">(.*?)<\/dd>/.exec(html)?.[1] ?? '';
  return row
    .replace(/<[^>]+>/g, '')
    .replaceAll('<!-- -->', '')
    .replace(/\s+/g, ' ');
}

describe("the server card's wipe row", () => {
  it('says when the server wiped and when it wipes next', () => {
    expect(wipeRow({ ...server, lastWipeAt: at(-74), nextWipeAt: at(52) })).toBe(
      'Вайп: 3 дня назад · следующий через 2 д 4 ч',
    );
  });

  it('says only the part it knows', () => {
    expect(wipeRow({ ...server, lastWipeAt: at(-5) })).toBe('Вайп: 5 часов назад');
    expect(wipeRow({ ...server, nextWipeAt: at(5.2) })).toBe('Вайп: следующий через 5 ч 12 мин');
  });

  it('claims no schedule for a server that has none and no known wipe', () => {
    expect(wipeRow(server)).toBe('Вайп: дата не объявлена');
  });

  it('marks the times up for machines', () => {
    const html = renderToStaticMarkup(
      <ServerCard server={{ ...server, nextWipeAt: at(52) }} onShowPlayers={() => undefined} />,
    );
    expect(html).toContain(`<time dateTime="${at(52)}"`);
  });
});
