import { describe, expect, it } from 'vitest';
import {
  deliversByPlugin,
  isBuyableServer,
  serverOptionLabel,
  type PurchaseServer,
} from './purchase-servers';

const server = (overrides: Partial<PurchaseServer>): PurchaseServer => ({
  id: 1,
  name: 'RUSTY | Classic x2',
  status: 'online',
  playersOnline: 12,
  maxPlayers: 200,
  isPluginEnabled: 0,
  nextWipeAt: null,
  ...overrides,
});

describe('isBuyableServer', () => {
  it('offers only online servers that are not hidden from buyers', () => {
    expect(isBuyableServer(server({}))).toBe(true);
    expect(isBuyableServer(server({ isPluginEnabled: 1 }))).toBe(true);
    expect(isBuyableServer(server({ isPluginEnabled: 2 }))).toBe(false);
    expect(isBuyableServer(server({ status: 'offline' }))).toBe(false);
    expect(isBuyableServer(server({ status: 'maintenance' }))).toBe(false);
    expect(isBuyableServer(server({ status: 'restarting' }))).toBe(false);
  });
});

describe('serverOptionLabel', () => {
  it('reads name (online/max)', () => {
    expect(serverOptionLabel(server({}))).toBe('RUSTY | Classic x2 (12/200)');
  });
});

describe('deliversByPlugin', () => {
  it('is true only for the plugin mode', () => {
    expect(deliversByPlugin({ isPluginEnabled: 1 })).toBe(true);
    expect(deliversByPlugin({ isPluginEnabled: 0 })).toBe(false);
  });
});
