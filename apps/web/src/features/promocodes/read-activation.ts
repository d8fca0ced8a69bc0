export interface PromoActivation {
  success: boolean;
  message: string;
  bonus: number | null;
}

const SUCCESS_MARK = 'Промокод активирован';

/** 'Начислено 150₽' or 'Начислено 150,50 ₽' → 150 / 150.5. */
export function parseBonus(message: string): number | null {
  const match = /Начислено\s*([\d\s]+(?:[.,]\d+)?)\s*₽/u.exec(message);
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/**
 * SPEC §7 describes the reply as text that reads 'Промокод активирован… Начислено N₽'; a JSON reply
 * with success/message/bonus is accepted too, so either server shape works.
 */
export function readActivation(reply: unknown): PromoActivation {
  if (typeof reply === 'string') {
    return { success: reply.includes(SUCCESS_MARK), message: reply, bonus: parseBonus(reply) };
  }
  if (reply && typeof reply === 'object') {
    const record = reply as Record<string, unknown>;
    const message = typeof record.message === 'string' ? record.message : '';
    const bonus = typeof record.bonus === 'number' ? record.bonus : parseBonus(message);
    const success =
      typeof record.success === 'boolean' ? record.success : message.includes(SUCCESS_MARK);
    return { success, message, bonus };
  }
  return { success: false, message: '', bonus: null };
}
