import { describe, expect, it } from 'vitest';
import { deliveryProblemText, deliveryProblems, type OrderDelivery } from './delivery-problems';

const delivery = (
  id: string,
  status: OrderDelivery['status'],
  reason: string | null = null,
): OrderDelivery => ({ id, itemName: `Item ${id}`, status, reason });

describe('deliveryProblems', () => {
  it('is null when nothing is left to retry or refund', () => {
    expect(deliveryProblems({ deliveries: [] })).toBeNull();
    expect(
      deliveryProblems({
        deliveries: [
          delivery('a', 'delivered'),
          delivery('b', 'cancelled'),
          delivery('c', 'sending'),
        ],
      }),
    ).toBeNull();
  });

  it('sorts open deliveries into failed, waiting and sending', () => {
    const problems = deliveryProblems({
      deliveries: [
        delivery('a', 'failed', 'Нет места в инвентаре'),
        delivery('b', 'pending'),
        delivery('c', 'sending'),
        delivery('d', 'delivered'),
        delivery('e', 'failed'),
      ],
    });
    expect(problems?.failed.map((item) => item.id)).toEqual(['a', 'e']);
    expect(problems?.waiting.map((item) => item.id)).toEqual(['b']);
    expect(problems?.sending.map((item) => item.id)).toEqual(['c']);
  });

  it('offers a refund for an order that only waits', () => {
    expect(deliveryProblems({ deliveries: [delivery('a', 'pending')] })?.failed).toEqual([]);
  });
});

describe('deliveryProblemText', () => {
  it('gives the reason when the server sent one', () => {
    expect(deliveryProblemText(delivery('a', 'failed', 'Нет такого предмета'))).toBe(
      'Ошибка: Нет такого предмета',
    );
    expect(deliveryProblemText(delivery('a', 'pending', 'Игрок не в сети'))).toBe(
      'Ожидает: Игрок не в сети',
    );
  });

  it('falls back to the bare state', () => {
    expect(deliveryProblemText(delivery('a', 'failed'))).toBe('Ошибка выдачи');
    expect(deliveryProblemText(delivery('a', 'pending'))).toBe('Ожидает выдачи');
    expect(deliveryProblemText(delivery('a', 'sending'))).toBe('Выдаётся…');
  });
});
