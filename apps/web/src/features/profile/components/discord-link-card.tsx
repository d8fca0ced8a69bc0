import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { startDiscordLink, useDiscordLink, useUnlinkDiscord } from '../api/discord-link';
import { UnlinkButton } from './unlink-button';

/** Profile → Настройки: the linked Discord account, or the button that links one. */
export function DiscordLinkCard() {
  const { data } = useDiscordLink();
  const unlink = useUnlinkDiscord();
  const [starting, setStarting] = useState(false);
  // Linking is off in this shop: nothing to show.
  if (!data?.available && !data?.linked) return null;

  const start = () => {
    setStarting(true);
    startDiscordLink().catch((error: unknown) => {
      setStarting(false);
      toast.error(errorText(error, 'Не удалось начать привязку Discord'));
    });
  };

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 className="font-display text-lg font-bold tracking-wide text-white uppercase">Discord</h2>
      {data.linked ? (
        <>
          <p className="text-sm text-foreground/90">
            Привязан аккаунт <strong className="text-white">{data.linked.username}</strong>. Роль
            VIP на нашем сервере Discord выдаётся и снимается автоматически.
          </p>
          <UnlinkButton service="Discord" unlink={unlink} />
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Привяжите Discord, чтобы получать роль VIP на нашем сервере Discord.
          </p>
          <Button className="w-fit" disabled={starting} onClick={start}>
            Привязать Discord
          </Button>
        </>
      )}
    </Card>
  );
}
