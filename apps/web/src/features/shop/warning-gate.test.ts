import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWarningGate, WARNING_RESET_MS } from './warning-gate';

describe('createWarningGate', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('lets one warning through and the next only after 500 ms', () => {
    const gate = createWarningGate();
    const warn = vi.fn();
    expect(gate(warn)).toBe(true);
    expect(gate(warn)).toBe(false);
    vi.advanceTimersByTime(WARNING_RESET_MS - 1);
    expect(gate(warn)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(gate(warn)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
