import type { SiteIcon as SiteIconKey } from '@shop/shared';
import { createElement } from 'react';
import {
  Clock,
  Gift,
  Headset,
  Heart,
  PackageCheck,
  ServerCog,
  ShieldCheck,
  Sparkles,
  Swords,
  Trophy,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/**
 * The pictures an owner may give a feature or sign-in card. Only these icons are imported, so the
 * owner's choice never pulls the whole icon set into the page.
 */
const icons: Record<SiteIconKey, LucideIcon> = {
  server: ServerCog,
  package: PackageCheck,
  headset: Headset,
  shield: ShieldCheck,
  sparkles: Sparkles,
  users: Users,
  zap: Zap,
  gift: Gift,
  trophy: Trophy,
  clock: Clock,
  heart: Heart,
  swords: Swords,
};

/** Decorative: the card's title says what it is. A key this page does not know draws a spark. */
export function SiteIcon({ icon, className }: { icon: string; className?: string }) {
  return createElement(icons[icon as SiteIconKey] ?? Sparkles, { className, 'aria-hidden': true });
}
