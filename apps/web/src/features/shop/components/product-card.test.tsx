import type { Product } from '@shop/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardServer } from '@/lib/card-offer';
import { testProduct } from '@/lib/test-product';
import { ProductCard } from './product-card';

const now = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now + hours * HOUR).toISOString();

const product = testProduct({ id: 7, description: '', price: 1499 });
const servers: CardServer[] = [
  { id: 1, name: 'Classic', status: 'online', isPluginEnabled: 0 },
  { id: 2, name: 'Trio', status: 'online', isPluginEnabled: 1 },
];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

/** The words a reader sees, one space between elements (no-break spaces kept). */
function textOf(
  card: Product,
  filterServerId: number | null = null,
  shopServers: readonly CardServer[] = servers,
): string {
  return renderToStaticMarkup(
    <ProductCard
      product={card}
      categoryName="Оружие"
      serverName="Все серверы"
      servers={shopServers}
      filterServerId={filterServerId}
      onBuy={() => undefined}
    />,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \n]+/g, ' ')
    .trim();
}

describe('a catalogue card', () => {
  it('strikes the old price through beside the discount, with the sale price', () => {
    const html = renderToStaticMarkup(
      <ProductCard
        product={{ ...product, price: 1049.3, originalPrice: 1499, salePercent: 30 }}
        categoryName="Оружие"
        serverName="Все серверы"
        servers={servers}
        onBuy={() => undefined}
      />,
    );
    expect(html).toMatch(/<del[^>]*>1\u00a0499 ₽<\/del>/);
    expect(html).toContain('−30\u00a0%');
    expect(textOf({ ...product, price: 1049.3, originalPrice: 1499, salePercent: 30 })).toContain(
      'Цена со скидкой: 1\u00a0049,30 ₽ Купить',
    );
  });

  it('says how long a sale still runs once it ends within two days', () => {
    const sale = { ...product, price: 1049.3, originalPrice: 1499, salePercent: 30 };
    expect(textOf({ ...sale, saleEndsAt: at(5.2) })).toContain('Скидка ещё 5 ч 12 мин');
    expect(textOf({ ...sale, saleEndsAt: at(72) })).not.toContain('Скидка ещё');
    // Past its end the full price is back, before the catalogue is fetched again.
    expect(textOf({ ...sale, saleEndsAt: at(-0.1) })).not.toContain('Цена без скидки');
  });

  it('holds a product back while its wipe block lasts, with no buy button', () => {
    const text = textOf({ ...product, server: '1', availableAt: at(5.2) });
    expect(text).toContain('Доступно через 5 ч 12 мин');
    expect(text).not.toContain('Купить');
    expect(textOf({ ...product, server: '1', availableAt: at(-1) })).toContain('Купить');
  });

  it("shows a chosen server's own offer, and names the one server a wipe sale runs on", () => {
    const onClassic = {
      ...product,
      serverOffers: [
        {
          serverId: 1,
          price: 1049.3,
          originalPrice: 1499,
          salePercent: 30,
          saleEndsAt: at(20),
          availableAt: null,
        },
      ],
    };
    expect(textOf(onClassic)).toContain('Скидка ещё 20 ч, только на Classic');
    expect(textOf(onClassic, 2)).not.toContain('Скидка');
    expect(textOf(onClassic, 1)).toContain('Скидка ещё 20 ч');
  });

  it('says «до вайпа» for what lasts until the wipe', () => {
    expect(textOf({ ...product, category: 'vip', untilWipe: true })).toContain(
      '1\u00a0499 ₽ до вайпа',
    );
    expect(textOf(product)).not.toContain('до вайпа');
  });

  it('greys «Купить» out and says why when no server it goes to takes deliveries', () => {
    const down = servers.map((server) => ({ ...server, status: 'maintenance' as const }));
    const html = renderToStaticMarkup(
      <ProductCard
        product={product}
        categoryName="Оружие"
        serverName="Все серверы"
        servers={down}
        onBuy={() => undefined}
      />,
    );
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Купить Штурмовая винтовка"/);
    expect(textOf(product, null, down)).toContain('Купить Серверы на техобслуживании');
    expect(textOf(product)).not.toContain('техобслуживании');
    // Its servers not loaded yet: the button stays, as its click loads them.
    expect(textOf(product, null, [])).toContain('Купить');
    expect(textOf(product, null, [])).not.toMatch(/Сервер|Нет серверов/);
  });

  it('counts a wipe block down even while its server is unreachable: the block says when', () => {
    const offline = servers.map((server) => ({ ...server, status: 'offline' as const }));
    const text = textOf({ ...product, server: '1', availableAt: at(5.2) }, null, offline);
    expect(text).toContain('Доступно через 5 ч 12 мин');
    expect(text).not.toContain('недоступен');
  });

  it('shows what a kit holds: its first lines with their counts, and how many more', () => {
    const kit = testProduct({
      name: 'Набор строителя',
      gameItemName: '',
      category: 'kits',
      kitItems: [
        { gameItemName: 'wood', amount: 5000, name: 'Дерево', image: null },
        { gameItemName: 'stones', amount: 5000, name: 'Камни', image: null },
        { gameItemName: 'metal.fragments', amount: 1000, name: 'Фрагменты металла', image: null },
        { gameItemName: 'rifle.ak', amount: 1, name: 'Штурмовая винтовка', image: null },
      ],
    });
    const text = textOf(kit);
    expect(text).toContain('Набор · 4 предмета');
    expect(text).toContain(
      'В наборе Дерево ×5\u00a0000 Камни ×5\u00a0000 Фрагменты металла ×1\u00a0000 и ещё 1 предмет',
    );
    expect(text).not.toContain('x1');
    expect(textOf(product)).not.toContain('В наборе');
  });
});
