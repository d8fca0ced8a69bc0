import { describe, expect, it } from 'vitest';
import { failureText, lastContact, missingGroupsText, pluginTitle } from './plugin-status';

const NOW = Date.parse('2026-03-05T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('plugin status for the admin', () => {
  it('names the version, or says the plugin never connected', () => {
    expect(pluginTitle({ version: '2.0.0', lastSeenAt: ago(5_000) })).toBe('Плагин 2.0.0');
    expect(pluginTitle({ version: null, lastSeenAt: null })).toBe('Плагин не подключался');
  });

  it('tells the last contact in the largest whole unit', () => {
    expect(lastContact(ago(12_400), NOW)).toEqual({ text: 'связь 12 с назад', silent: false });
    expect(lastContact(ago(0), NOW)?.text).toBe('связь только что');
    expect(lastContact(ago(-30_000), NOW)?.text).toBe('связь только что');
    expect(lastContact(ago(5 * 60_000), NOW)?.text).toBe('связь 5 мин назад');
    expect(lastContact(ago(3 * 3_600_000), NOW)?.text).toBe('связь 3 ч назад');
    expect(lastContact(ago(50 * 3_600_000), NOW)?.text).toBe('связь 2 дн. назад');
  });

  it('marks a plugin silent for more than two minutes', () => {
    expect(lastContact(ago(120_000), NOW)?.silent).toBe(false);
    expect(lastContact(ago(120_001), NOW)?.silent).toBe(true);
  });

  it('has no contact to tell before the first one', () => {
    expect(lastContact(null, NOW)).toBeNull();
    expect(lastContact('not a date', NOW)).toBeNull();
  });

  it('shows the reason of a failed delivery', () => {
    expect(failureText('Нет такого предмета на сервере')).toBe(
      'Ошибка: Нет такого предмета на сервере',
    );
    expect(failureText(null)).toBe('Ошибка выдачи');
  });

  it('names each missing VIP group and the console command that creates it', () => {
    expect(missingGroupsText(['vip_gold'])).toBe(
      'На сервере нет группы «vip_gold» для VIP-статуса: выдача этого статуса не пройдёт. Создайте её в консоли сервера: oxide.group add vip_gold',
    );
    expect(missingGroupsText(['vip_gold', 'vip_silver'])).toContain(
      'нет групп «vip_gold», «vip_silver»',
    );
  });
});
