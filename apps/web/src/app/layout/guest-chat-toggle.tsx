import { MessageCircle } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { CHAT_TOGGLE_CLASS } from '@/components/chat-toggle-style';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { STEPPED_ASIDE, useScrollingDown } from '@/lib/use-scrolling-down';

/**
 * SPEC §1 and §4: the floating support chat is on every page, and a guest who presses it is told to
 * sign in instead of getting the panel. Only this button is in a guest's page: the chat itself
 * arrives with a sign-in.
 */
export function GuestChatToggle() {
  const scrollingDown = useScrollingDown();
  // Not in the prerendered page: until the script takes the page over, a press would do nothing.
  const interactive = useSyncExternalStore(subscribeToNothing, inBrowser, notInBrowser);
  if (!interactive) return null;
  return (
    <button
      type="button"
      aria-label="Открыть чат поддержки"
      onClick={() =>
        toast.error('Требуется авторизация', {
          description: 'Пожалуйста, войдите в систему, чтобы использовать чат.',
        })
      }
      className={cn(CHAT_TOGGLE_CLASS, 'bg-primary', scrollingDown && STEPPED_ASIDE)}
    >
      <MessageCircle className="size-6" aria-hidden="true" />
    </button>
  );
}

const subscribeToNothing = () => () => {};
const inBrowser = () => true;
const notInBrowser = () => false;
