import type { EnvValues } from './config-env';

/**
 * Fiscal receipts through YooKassa (README «Чеки (54-ФЗ)», docs/decisions/0035): none; 54-ФЗ with
 * the owner's tax system and VAT code (YooKassa's numeric codes); or the self-employed owner's
 * automatic registration in «Мой налог».
 */
export type ReceiptSettings =
  | { mode: 'none' }
  | { mode: 'self-employed' }
  | {
      mode: '54fz';
      /** `tax_system_code`: 1 ОСН, 2 УСН доходы, 3 УСН доходы минус расходы, 4 ЕНВД, 5 ЕСХН, 6 ПСН. */
      taxSystem: number;
      /** `vat_code`: 1 без НДС, 2 0 %, 3 10 %, 4 20 %, 5 10/110, 6 20/120, 7 5 %, 8 7 %, 9 5/105, 10 7/107, 11 22 %, 12 22/122. */
      vatCode: number;
    };

export const RECEIPT_MODES = ['none', '54fz', 'self-employed'] as const;

/** The settings and the problems found (54fz without its codes). */
export function receiptsConfig(e: EnvValues): { settings: ReceiptSettings; problems: string[] } {
  const mode = e.YOOKASSA_RECEIPTS ?? 'none';
  if (mode === 'none') return { settings: { mode }, problems: [] };
  if (mode === 'self-employed') return { settings: { mode }, problems: [] };
  const taxSystem = e.YOOKASSA_TAX_SYSTEM;
  const vatCode = e.YOOKASSA_VAT_CODE;
  if (taxSystem === undefined || vatCode === undefined) {
    return {
      settings: { mode: 'none' },
      problems: [
        'YOOKASSA_RECEIPTS=54fz needs YOOKASSA_TAX_SYSTEM (1–6) and YOOKASSA_VAT_CODE (1–12), the codes of YooKassa’s receipts.',
      ],
    };
  }
  return { settings: { mode, taxSystem, vatCode }, problems: [] };
}
