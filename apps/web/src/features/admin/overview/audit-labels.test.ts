import { describe, expect, it } from 'vitest';
import { auditActionLabel, describeChange } from './audit-labels';

describe('audit log texts', () => {
  it('name actions in Russian and show before → after compactly', () => {
    expect(auditActionLabel('user.balance')).toBe('Баланс');
    expect(auditActionLabel('balances.import')).toBe('Перенос балансов');
    expect(auditActionLabel('data.export')).toBe('Выгрузка данных');
    expect(auditActionLabel('sale.update')).toBe('Распродажа изменена');
    expect(auditActionLabel('server.wipe')).toBe('Вайп отмечен');
    expect(auditActionLabel('server.console')).toBe('Команда консоли');
    expect(auditActionLabel('delivery.retry')).toBe('Повтор выдачи');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(
      describeChange(null, {
        command: 'inventory.giveto 1 rifle.ak 1000',
        status: 'ok',
        reply: 'x',
      }),
    ).toBe('command: inventory.giveto 1 rifle.ak 1000; status: ok; reply: x');
    expect(describeChange({ balance: 0 }, { balance: 75, change: 75 })).toBe(
      'balance: 0 → balance: 75; change: 75',
    );
    expect(describeChange(null, { isAdmin: true })).toBe('isAdmin: да');
    expect(describeChange({ a: 'x'.repeat(300) }, null, 20)).toHaveLength(20);
  });
});
