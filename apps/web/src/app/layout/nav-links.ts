import type { PublicSite } from '@shop/shared';
import { House, Server, Store, type LucideIcon } from 'lucide-react';

/** The header's sections; their names are the owner's (`texts.nav`). */
export const navLinks: ReadonlyArray<{
  to: string;
  key: keyof PublicSite['texts']['nav'];
  icon: LucideIcon;
}> = [
  { to: '/', key: 'home', icon: House },
  { to: '/shop', key: 'shop', icon: Store },
  { to: '/servers', key: 'servers', icon: Server },
];
