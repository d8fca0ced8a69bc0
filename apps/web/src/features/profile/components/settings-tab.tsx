import type { User } from '@shop/shared';
import { Download, ExternalLink, Lock, LogOut, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ButtonAnchor } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DiscordLinkCard } from './discord-link-card';
import { TelegramLinkCard } from './telegram-link-card';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDownloadMyData } from '../api/download-my-data';
import { useLogoutEverywhere } from '../api/logout-everywhere';

/** The player's copy of what the shop keeps about them (152-ФЗ): one JSON file. */
function DownloadMyData({ steamId }: { steamId: string }) {
  const download = useDownloadMyData(steamId);
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        className="w-fit"
        disabled={download.isPending}
        aria-describedby="settings-my-data-note"
        onClick={() =>
          download.mutate(undefined, {
            onError: (error) =>
              toast.error('Ошибка', {
                description: errorText(error, 'Не удалось подготовить файл'),
              }),
          })
        }
      >
        <Download aria-hidden="true" />
        Скачать мои данные
      </Button>
      <p id="settings-my-data-note" className="text-xs text-muted-foreground">
        Файл со всем, что магазин хранит о вас: покупки, подарки, баланс и его история, пополнения,
        сообщения в поддержку, привязки и сеансы.
      </p>
    </div>
  );
}

/** Ends the sessions on every device: a lost phone or a shared computer stops being signed in. */
function SignOutEverywhere() {
  const logout = useLogoutEverywhere();
  // Asked first: it also ends this session, and every open tab of the account at once.
  const [asking, setAsking] = useState(false);
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        className="w-fit"
        disabled={logout.isPending}
        aria-describedby="settings-logout-everywhere-note"
        onClick={() => setAsking(true)}
      >
        <LogOut aria-hidden="true" />
        Выйти на всех устройствах
      </Button>
      <p id="settings-logout-everywhere-note" className="text-xs text-muted-foreground">
        Завершит все сеансы этого аккаунта, включая текущий.
      </p>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => !logout.isPending && setAsking(open)}
        title="Выйти на всех устройствах?"
        description="Все сеансы этого аккаунта завершатся сразу: на телефоне, на других компьютерах и в этой вкладке. Чтобы продолжить, нужно будет снова войти через Steam."
        confirmLabel="Выйти везде"
        busy={logout.isPending}
        onConfirm={() =>
          logout.mutate(undefined, {
            onError: (error) => {
              setAsking(false);
              toast.error('Ошибка', { description: errorText(error, 'Не удалось выйти') });
            },
          })
        }
      />
    </div>
  );
}

export function SettingsTab({ user }: { user: User }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 className="font-display text-lg font-bold tracking-wide text-white uppercase">
          Аккаунт
        </h2>
        <div className="grid gap-2">
          <Label htmlFor="settings-username">Имя пользователя</Label>
          <Input
            id="settings-username"
            value={user.username}
            readOnly
            aria-describedby="settings-username-note"
          />
          <p id="settings-username-note" className="text-xs text-muted-foreground">
            Изменение имени пользователя временно недоступно
          </p>
        </div>
        <ButtonAnchor
          href={`https://steamcommunity.com/profiles/${encodeURIComponent(user.steamId)}`}
          target="_blank"
          rel="noopener noreferrer"
          variant="outline"
          className="w-fit"
        >
          Профиль Steam
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(откроется в новой вкладке)</span>
        </ButtonAnchor>
        <DownloadMyData steamId={user.steamId} />
      </Card>
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 className="font-display text-lg font-bold tracking-wide text-white uppercase">
          Безопасность
        </h2>
        <div className="flex gap-3 rounded-lg border border-success/25 bg-success/10 p-4 text-sm">
          <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
          <p className="text-foreground/90">
            Ваш аккаунт защищён входом через Steam. Пароль и двухфакторная защита настраиваются в
            Steam Guard.
          </p>
        </div>
        <Button variant="secondary" disabled className="w-fit">
          <Lock aria-hidden="true" />
          Настройки безопасности
        </Button>
        <SignOutEverywhere />
      </Card>
      <DiscordLinkCard />
      <TelegramLinkCard />
    </div>
  );
}
