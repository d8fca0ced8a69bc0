import { House, Server, Store } from 'lucide-react';

export const navLinks = [
  { to: '/', label: 'Главная', end: true, icon: House },
  { to: '/shop', label: 'Магазин', end: false, icon: Store },
  { to: '/servers', label: 'Серверы', end: false, icon: Server },
] as const;
