import { describe, expect, it } from 'vitest';
import { RESULT_PAGE_POLLS, stillConfirming } from './get-payment-status';

const status = (value: 'pending' | 'paid' | 'failed') => ({
  paid: value === 'paid',
  status: value,
  amount: 500,
  bonus: 50,
});

describe('stillConfirming', () => {
  it('keeps checking a pending payment until forty answers came back pending', () => {
    expect(stillConfirming({ data: status('pending'), dataUpdateCount: 1 })).toBe(true);
    expect(stillConfirming({ data: status('pending'), dataUpdateCount: 39 })).toBe(true);
    expect(stillConfirming({ data: status('pending'), dataUpdateCount: 40 })).toBe(false);
  });

  it('gives page A about 15 s: five answers, 3 s apart, before it shows the payment failed', () => {
    const pending = status('pending');
    expect(RESULT_PAGE_POLLS * 3).toBeLessThanOrEqual(15);
    expect(stillConfirming({ data: pending, dataUpdateCount: 4 }, RESULT_PAGE_POLLS)).toBe(true);
    expect(stillConfirming({ data: pending, dataUpdateCount: 5 }, RESULT_PAGE_POLLS)).toBe(false);
  });

  it('stops for a final answer or no answer', () => {
    expect(stillConfirming({ data: status('paid'), dataUpdateCount: 1 })).toBe(false);
    expect(stillConfirming({ data: status('failed'), dataUpdateCount: 1 })).toBe(false);
    expect(stillConfirming({ dataUpdateCount: 0 })).toBe(false);
  });
});
