import { LifeBuoy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openSupportChat, orderPrefill, useSupportChatAvailable } from '@/lib/support-chat-bus';

/** «Написать в поддержку» about one order: opens the chat widget with the order number filled in. */
export function SupportChatButton({
  orderId,
  variant = 'secondary',
  className,
}: {
  orderId: string;
  variant?: 'secondary' | 'ghost';
  className?: string;
}) {
  if (!useSupportChatAvailable()) return null;
  return (
    <Button
      type="button"
      variant={variant}
      size="sm"
      className={className}
      onClick={() => openSupportChat(orderPrefill(orderId))}
    >
      <LifeBuoy aria-hidden="true" />
      Написать в поддержку
    </Button>
  );
}
