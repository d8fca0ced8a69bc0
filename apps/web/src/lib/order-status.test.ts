import { describe, expect, it } from 'vitest';
import { orderStatus } from './order-status';

describe('orderStatus', () => {
  it('uses the SPEC labels', () => {
    expect(orderStatus('completed')).toEqual({ label: 'Завершён', tone: 'success' });
    expect(orderStatus('pending')).toEqual({ label: 'В обработке', tone: 'warning' });
    expect(orderStatus('cancelled')).toEqual({ label: 'Отменён', tone: 'destructive' });
    expect(orderStatus('refunded')).toEqual({ label: 'Отменён', tone: 'destructive' });
  });
});
