import type { AdminSite } from '../../shared/api/get-admin-site';
import type { EditContent, SiteDraft } from '../site-draft';
import { PublishBar } from './publish-bar';
import { SiteSection } from './site-section';
import { TextField } from './text-field';

/** «Сообщения вне сайта»: what the shop says in Discord channels and in the game's chat. */
export function NoticesSection({
  draft,
  stored,
  edit,
}: {
  draft: SiteDraft;
  stored: AdminSite;
  edit: EditContent;
}) {
  const { notices } = draft.content;
  const set = (change: Partial<typeof notices>) =>
    edit((content) => ({ ...content, notices: { ...content.notices, ...change } }));
  return (
    <SiteSection
      title="Сообщения вне сайта"
      description="Отправитель уведомлений в Discord и сообщение о подарке в игре"
      footer={<PublishBar section="notices" draft={draft} stored={stored} />}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Имя отправителя в Discord"
          hint="Так подписаны уведомления вебхуков в каналах"
          maxLength={80}
          value={notices.webhookSender}
          onChange={(webhookSender) => set({ webhookSender })}
        />
        <TextField
          label="Сообщение о подарке в игре"
          hint={
            <>
              <code className="text-white">{'{{sender}}'}</code> — кто подарил,{' '}
              <code className="text-white">{'{{product}}'}</code> — что подарено
            </>
          }
          maxLength={200}
          value={notices.giftNotice}
          onChange={(giftNotice) => set({ giftNotice })}
        />
      </div>
    </SiteSection>
  );
}
