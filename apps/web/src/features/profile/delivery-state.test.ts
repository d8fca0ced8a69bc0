import { AWAITING_SAVE_REASON, HELD_REASON, type Order } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { deliveryState, isDeliveryUnderway, PLUGIN_HINT } from './delivery-state';

type View = Pick<Order, 'status' | 'isDelivered' | 'delivery'>;

const order = (
  delivery: Partial<Order['delivery']> = {},
  overrides: Partial<Omit<View, 'delivery'>> = {},
): View => ({
  status: 'pending',
  isDelivered: false,
  delivery: { status: 'pending', reason: null, method: 'rcon', ...delivery },
  ...overrides,
});

describe('deliveryState', () => {
  it('says given once delivered', () => {
    expect(
      deliveryState(order({ status: 'delivered' }, { status: 'completed', isDelivered: true })),
    ).toEqual({ text: 'Выдано', tone: 'success', hint: null });
  });

  it('says being given while sending', () => {
    expect(deliveryState(order({ status: 'sending' })).text).toBe('Выдаётся…');
  });

  it('says a plugin delivery is in the inventory while the world save is awaited, without /store', () => {
    expect(
      deliveryState(order({ method: 'plugin', status: 'sending', reason: AWAITING_SAVE_REASON })),
    ).toEqual({ text: AWAITING_SAVE_REASON, tone: 'success', hint: null });
  });

  it('says what a delivery waits for', () => {
    expect(
      deliveryState(order({ reason: 'Игрок не в сети: выдача при следующем входе' })).text,
    ).toBe('Ожидает: Игрок не в сети: выдача при следующем входе');
    expect(deliveryState(order()).text).toBe('Ожидает выдачи');
  });

  it('says an order a reversed top-up paid for waits for the admin, without /store', () => {
    expect(deliveryState(order({ method: 'plugin', reason: HELD_REASON }))).toEqual({
      text: HELD_REASON,
      tone: 'warning',
      hint: null,
    });
  });

  it('names a failure with its reason', () => {
    const state = deliveryState(order({ status: 'failed', reason: 'Нет ответа сервера' }));
    expect(state.text).toBe('Ошибка выдачи: Нет ответа сервера');
    expect(state.tone).toBe('destructive');
  });

  it('tells plugin buyers to type /store until the goods are given', () => {
    expect(deliveryState(order({ method: 'plugin' })).hint).toBe(PLUGIN_HINT);
    expect(deliveryState(order({ method: 'plugin', status: 'sending' })).hint).toBe(PLUGIN_HINT);
    expect(deliveryState(order({ method: 'rcon' })).hint).toBeNull();
    expect(
      deliveryState(order({ method: 'plugin', status: 'delivered' }, { isDelivered: true })).hint,
    ).toBeNull();
  });

  it('shows a cancelled (refunded) order as money returned', () => {
    expect(deliveryState(order({ status: 'cancelled' }, { status: 'cancelled' })).text).toBe(
      'Деньги возвращены',
    );
  });
});

describe('isDeliveryUnderway', () => {
  it('is true only while pending or sending', () => {
    expect(isDeliveryUnderway(order())).toBe(true);
    expect(isDeliveryUnderway(order({ status: 'sending' }))).toBe(true);
    expect(isDeliveryUnderway(order({ status: 'delivered' }, { isDelivered: true }))).toBe(false);
    expect(isDeliveryUnderway(order({ status: 'failed' }))).toBe(false);
    expect(isDeliveryUnderway(order({}, { status: 'cancelled' }))).toBe(false);
  });
});
