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
    expect(auditActionLabel('auth.sign_in')).toBe('Вход администратора');
    expect(auditActionLabel('payment.reverse')).toBe('Отмена пополнения');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(
      describeChange(null, {
        command: 'inventory.giveto 1 rifle.ak 1000',
        status: 'ok',
        reply: 'x',
      }),
    ).toBe('Команда: inventory.giveto 1 rifle.ak 1000; Статус: ok; Ответ: x');
    expect(describeChange({ balance: 0 }, { balance: 75, change: 75 })).toBe(
      'Баланс: 0 → Баланс: 75; Изменение: 75',
    );
    expect(describeChange(null, { isAdmin: true })).toBe('Администратор: да');
    expect(describeChange(null, { someNewKey: 1 })).toBe('someNewKey: 1');
    expect(describeChange({ a: 'x'.repeat(300) }, null, { max: 20 })).toHaveLength(20);
  });

  it('shows names, not the ids beside them', () => {
    // A moderation row lists each server by id and name; a product import each product.
    expect(
      describeChange(null, {
        steamId: '7656',
        servers: [{ serverId: 1, serverName: 'Main', status: 'ok' }],
      }),
    ).toBe('Steam ID: 7656; Серверы: Сервер: Main; Статус: ok');
    expect(describeChange(null, { created: [{ id: 4, name: 'AK' }], existing: 0 })).toBe(
      'Создано: Название: AK; Уже были: 0',
    );
    expect(describeChange(null, { discordUserId: '99', discordUsername: 'bob' })).toBe(
      'Discord: bob',
    );
    // A deleted promo code is recorded whole; its code is its name.
    expect(describeChange({ id: 7, code: 'WIPE' }, null)).toBe('Код: WIPE');
    // The entry's target name stands for the id at the top; without one the id stays.
    expect(describeChange(null, { id: 5, port: 28015 }, { named: true })).toBe('Порт: 28015');
    expect(describeChange(null, { id: 5, port: 28015 })).toBe('ID: 5; Порт: 28015');
  });
});
