import { describe, expect, it } from 'vitest';
import {
  deliversByPlugin,
  isBuyableServer,
  noDeliveryReason,
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

describe('noDeliveryReason', () => {
  it('is null while one server takes deliveries', () => {
    expect(noDeliveryReason([server({ status: 'maintenance' }), server({})])).toBeNull();
  });

  it('says in a few words why none does', () => {
    expect(noDeliveryReason([server({ status: 'maintenance' })])).toBe('Сервер на техобслуживании');
    expect(
      noDeliveryReason([server({ status: 'maintenance' }), server({ status: 'maintenance' })]),
    ).toBe('Серверы на техобслуживании');
    expect(noDeliveryReason([server({ status: 'restarting' })])).toBe('Сервер перезапускается');
    expect(noDeliveryReason([server({ status: 'offline' })])).toBe('Сервер недоступен');
    expect(
      noDeliveryReason([server({ status: 'offline' }), server({ status: 'maintenance' })]),
    ).toBe('Серверы недоступны');
    // A hidden server is nothing a buyer knows of: it counts as no server at all.
    expect(
      noDeliveryReason([server({ status: 'maintenance' }), server({ isPluginEnabled: 2 })]),
    ).toBe('Сервер на техобслуживании');
    expect(noDeliveryReason([server({ isPluginEnabled: 2 })])).toBe('Нет серверов для доставки');
    expect(noDeliveryReason([])).toBe('Нет серверов для доставки');
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
