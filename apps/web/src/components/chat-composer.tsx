import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

/** The message box: Enter sends, Shift+Enter starts a new line; blank text cannot be sent. */
export function ChatComposer({
  autoFocus,
  prefill,
  error,
  onSend,
  placeholder,
}: {
  /** Focus the box whenever this turns true (the widget's panel opening). */
  autoFocus: boolean;
  prefill: { text: string; at: number } | null;
  error: string | null;
  onSend: (text: string) => void;
  placeholder: string;
}) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim() === '';

  // Opened from an order: its number goes in (set while rendering, not in an effect), caret after it.
  const [shownPrefill, setShownPrefill] = useState<typeof prefill>(null);
  if (prefill !== shownPrefill) {
    setShownPrefill(prefill);
    if (prefill) setText(prefill.text);
  }
  useEffect(() => {
    if (!prefill) return;
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [prefill]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const submit = () => {
    if (blank) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="shrink-0 border-t border-white/10 bg-black/40 p-2.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {error && (
        <p role="alert" className="mb-1.5 px-1 text-xs text-[#ff9b91]">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <Textarea
          ref={input}
          rows={1}
          value={text}
          maxLength={2000}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-label="Сообщение"
          shape="line"
          className="max-h-28 flex-1 resize-none [field-sizing:content]"
        />
        <Button type="submit" size="icon" aria-label="Отправить" disabled={blank}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
