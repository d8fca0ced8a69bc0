import { useHealth } from '@/lib/health';

/**
 * On every page of a database restored from a backup and not yet made live: nobody should take it
 * for the shop that sells (it delivers nothing and takes no payment) until its owner makes it live.
 */
export function RestoredCopyBanner() {
  const { data } = useHealth();
  if (!data?.restoredCopy) return null;
  return (
    <p
      role="note"
      className="relative z-20 bg-sky-300 px-4 py-1.5 text-center text-xs font-semibold text-black sm:text-sm"
    >
      Восстановленная копия магазина: покупки не выдаются, оплата не принимается. Владелец делает её
      рабочей командой npm run db:go-live.
    </p>
  );
}
