import { describe, expect, it } from 'vitest';
import { deliveryMethodOf, deliveryModes, jobMethodOf } from './constants';

describe('a server delivery method', () => {
  it('reads isPluginEnabled 0, 1 and 2 as RCON, plugin and hidden', () => {
    expect(deliveryMethodOf({ isPluginEnabled: 0 })).toBe('rcon');
    expect(deliveryMethodOf({ isPluginEnabled: 1 })).toBe('plugin');
    expect(deliveryMethodOf({ isPluginEnabled: 2 })).toBe('hidden');
    expect(deliveryModes[deliveryMethodOf({ isPluginEnabled: 2 })]).toBe(2);
  });

  it('reads an unknown value as RCON, neither hidden nor plugin', () => {
    expect(deliveryMethodOf({ isPluginEnabled: 7 })).toBe('rcon');
  });

  it('hands jobs to the plugin only on plugin servers; a hidden server still gets RCON deliveries', () => {
    expect(jobMethodOf({ isPluginEnabled: 1 })).toBe('plugin');
    expect(jobMethodOf({ isPluginEnabled: 0 })).toBe('rcon');
    expect(jobMethodOf({ isPluginEnabled: 2 })).toBe('rcon');
  });
});
