export type StatusTone = 'success' | 'destructive' | 'warning' | 'secondary';

/** SPEC §4 labels; restarting and maintenance share a style. */
export function serverStatusLabel(status: string): { label: string; tone: StatusTone } {
  switch (status) {
    case 'online':
      return { label: 'Онлайн', tone: 'success' };
    case 'offline':
      return { label: 'Оффлайн', tone: 'destructive' };
    case 'restarting':
      return { label: 'Перезапуск', tone: 'warning' };
    case 'maintenance':
      return { label: 'Технические работы', tone: 'warning' };
    default:
      return { label: 'Неизвестно', tone: 'secondary' };
  }
}

export function fillPercent(online: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((online / max) * 100)));
}

/** Steam opens Rust (app 252490) and joins the server directly. */
export function connectUrl(ip: string, port: number): string {
  return `steam://run/252490//+connect%20${ip}:${port}`;
}
