import { CircleCheck } from 'lucide-react';

const pageRules = [
  'Каждый промокод можно активировать только один раз.',
  'У промокодов есть срок действия — после него код перестаёт работать.',
  'Бонус зачисляется на баланс сразу после активации.',
  'Передавать промокоды другим игрокам запрещено.',
  'Следите за новостями в нашей группе и Discord, чтобы не пропустить новые коды.',
] as const;

const profileRules = [
  'Скидка по промокоду применяется к пополнениям баланса после его активации.',
] as const;

export function PromoRules({ variant }: { variant: 'page' | 'profile' }) {
  const rules = variant === 'page' ? pageRules : profileRules;
  return (
    <section aria-labelledby={`promo-rules-${variant}`}>
      <h2
        id={`promo-rules-${variant}`}
        className="mb-3 font-display text-lg font-bold tracking-wide text-white uppercase"
      >
        Правила использования
      </h2>
      <ul className="flex flex-col gap-2.5">
        {rules.map((rule) => (
          <li key={rule} className="flex gap-2.5 text-sm text-foreground/85">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {rule}
          </li>
        ))}
      </ul>
    </section>
  );
}
