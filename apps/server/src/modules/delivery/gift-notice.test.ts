import { describe, expect, it } from 'vitest';
import { giftNoticeCommand } from './gift-notice';

const STEAM_ID = '76561198000000042';

describe('the in-game gift notice', () => {
  it('says the SPEC words until the owner sets their own', () => {
    expect(giftNoticeCommand(STEAM_ID, { from: 'Коля' }, 'Калаш')).toBe(
      `rustshop.notify ${STEAM_ID} "Подарок от Коля: Калаш"`,
    );
  });

  it("fills the owner's template, and the player's words stay inside one quoted argument", () => {
    const command = giftNoticeCommand(
      STEAM_ID,
      { from: 'Коля"; kick all', message: 'держи "бро"' },
      'Калаш',
      '{{sender}} дарит вам {{product}}!',
    );
    expect(command.startsWith(`rustshop.notify ${STEAM_ID} "Коля`)).toBe(true);
    expect(command).toContain('дарит вам Калаш!');
    // One argument: every quote a player typed is escaped, so the command cannot be ended early.
    expect(command.slice(`rustshop.notify ${STEAM_ID} `.length)).toMatch(/^"([^"\\]|\\.)*"$/);
  });
});
