import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VipPlanLine } from './vip-plan-note';

const now = new Date('2025-11-26T12:00:00Z');
const plan = {
  current: [{ tier: 'Gold', from: '2025-11-26T12:00:00Z', until: '2025-12-26T12:00:00Z' }],
  after: [
    { tier: 'Gold', from: '2025-11-26T12:00:00Z', until: '2025-12-26T12:00:00Z' },
    { tier: 'Silver', from: '2025-12-26T12:00:00Z', until: '2026-01-02T12:00:00Z' },
  ],
};
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').trim();

describe('the VIP plan shown before paying', () => {
  it('keeps the higher tier first and the gifted lower one after it', () => {
    const html = renderToStaticMarkup(<VipPlanLine plan={plan} tiers={undefined} now={now} />);
    expect(textOf(html)).toBe('После покупки: Gold до 26.12, затем Silver до 02.01');
  });

  it('names a gift’s recipient, whose VIP it is', () => {
    const html = renderToStaticMarkup(
      <VipPlanLine plan={plan} tiers={undefined} recipientName="Игрок 4" now={now} />,
    );
    expect(textOf(html)).toBe('У Игрок 4 будет: Gold до 26.12, затем Silver до 02.01');
  });

  it('names the tiers as the owner does', () => {
    const tiers = [
      { key: 'Gold', label: 'Золото' },
      { key: 'Silver', label: 'Серебро' },
    ];
    const html = renderToStaticMarkup(<VipPlanLine plan={plan} tiers={tiers} now={now} />);
    expect(textOf(html)).toBe('После покупки: Золото до 26.12, затем Серебро до 02.01');
  });
});
