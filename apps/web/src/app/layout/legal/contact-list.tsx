import { AtSign, ExternalLink, MessageCircle, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSiteSettings } from '@/features/site/api/get-site-settings';
import { LegalDialog, type LegalDialogProps } from './legal-dialog';

function ContactRow({
  icon,
  title,
  href,
  value,
  external = true,
}: {
  icon: ReactNode;
  title: string;
  href: string | null;
  value: string;
  external?: boolean;
}) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-white/8 bg-black/30 p-4">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/15 text-primary"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {title}
        </p>
        {href ? (
          <a
            href={href}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="inline-flex max-w-full items-center gap-1.5 truncate font-medium text-foreground hover:text-accent"
          >
            <span className="truncate">{value}</span>
            {external && <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />}
          </a>
        ) : (
          <p className="font-medium text-muted-foreground">{value}</p>
        )}
      </div>
    </li>
  );
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname === '/' ? '' : pathname}`;
  } catch {
    return null;
  }
}

export function ContactsDialog({ onClose }: LegalDialogProps) {
  const { data } = useSiteSettings();
  const discord = data?.discordUrl ?? null;
  const community = data?.communityUrl ?? null;
  // SUPPORT_EMAIL: no line at all rather than an address nobody reads.
  const email = data?.supportEmail ?? null;

  return (
    <LegalDialog
      onClose={onClose}
      title="Контакты"
      description="Мы отвечаем каждый день. Быстрее всего — в Discord и в сообщениях группы."
    >
      <ul className="flex flex-col gap-3">
        {discord && (
          <ContactRow
            icon={<MessageCircle />}
            title="Discord"
            href={discord}
            value={hostOf(discord) ?? discord}
          />
        )}
        {community && (
          <ContactRow
            icon={<Users />}
            title="Группа сообщества"
            href={community}
            value={hostOf(community) ?? community}
          />
        )}
        {email && (
          <ContactRow
            icon={<AtSign />}
            title="Email"
            href={`mailto:${email}`}
            value={email}
            external={false}
          />
        )}
      </ul>
      <p className="mt-5 rounded-lg border border-primary/25 bg-primary/10 p-4 text-sm text-foreground/90">
        После входа на сайт в правом нижнем углу любой страницы есть чат поддержки: администраторы
        отвечают прямо в нём. Вопрос о заказе удобнее задать кнопкой «Написать в поддержку» у заказа
        в профиле — номер заказа подставится сам. Жалобы на игроков принимаются в личных сообщениях
        группы.
      </p>
    </LegalDialog>
  );
}
