import type { ChatMessage } from '@shop/shared';
import { Headset, RotateCcw } from 'lucide-react';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';

const timeFormat = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** '14:07' today, '05.03, 14:07' on another day. */
export function chatTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toDateString() === now.toDateString()
    ? timeFormat.format(date)
    : dayTimeFormat.format(date);
}

/** The staff's fixed avatar (SPEC §2): the same for every admin. */
export function StaffAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-accent/40 bg-accent/15 text-accent [&_svg]:size-4',
        className,
      )}
    >
      <Headset />
    </span>
  );
}

export type BubbleState = 'sent' | 'sending' | 'failed';

/**
 * One chat message. `mine` puts it on the right; staff messages stay left with the staff avatar.
 * A message that failed to send carries a retry mark.
 */
export function ChatMessageBubble({
  message,
  mine,
  state = 'sent',
  onRetry,
}: {
  message: Pick<ChatMessage, 'username' | 'avatar' | 'message' | 'isAdmin' | 'createdAt'>;
  mine: boolean;
  state?: BubbleState;
  onRetry?: () => void;
}) {
  return (
    <li className={cn('flex items-end gap-2', mine && 'flex-row-reverse')}>
      {message.isAdmin ? (
        <StaffAvatar />
      ) : (
        <UserAvatar src={message.avatar} name={message.username} className="size-8 text-xs" />
      )}
      <div className={cn('flex max-w-[78%] min-w-0 flex-col gap-0.5', mine && 'items-end')}>
        <span className="max-w-full truncate px-1 text-[11px] font-semibold text-muted-foreground">
          {message.isAdmin ? `${message.username} · поддержка` : message.username}
        </span>
        {/* wrap-anywhere alone: `break-words` beside it won, and with `overflow-wrap: break-word` a
            long word or link still counts whole in the bubble's width, so one of the player's own
            (their column hugs the right, so it is not stretched to the row) made it thousands of
            pixels wide. `anywhere` breaks it to the column, which max-w-full keeps to the row. */}
        <div
          className={cn(
            'max-w-full rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap wrap-anywhere',
            mine ? 'rounded-br-sm text-primary-foreground' : 'rounded-bl-sm text-foreground',
            state === 'failed'
              ? 'border border-destructive/70 bg-destructive/25'
              : mine
                ? 'bg-primary'
                : 'border border-white/10 bg-white/8',
            state === 'sending' && 'opacity-60',
          )}
        >
          {message.message}
        </div>
        {state === 'failed' ? (
          <button
            type="button"
            onClick={onRetry}
            className="flex cursor-pointer items-center gap-1 px-1 text-[11px] font-semibold text-[#ff9b91] hover:underline"
          >
            <RotateCcw className="size-3" aria-hidden="true" />
            Не отправлено. Повторить
          </button>
        ) : (
          <time dateTime={message.createdAt} className="px-1 text-[11px] text-muted-foreground/80">
            {state === 'sending' ? 'Отправка…' : chatTime(message.createdAt)}
          </time>
        )}
      </div>
    </li>
  );
}
