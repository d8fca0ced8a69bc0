import { ArrowLeft, ShieldCheck, Sparkles, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { toast } from '@/lib/toast';
import { Card } from '@/components/ui/card';
import { AUTH_ERROR_FALLBACK, AUTH_ERROR_TITLE } from '../messages';
import { SteamSignInButton } from './steam-sign-in-button';

const infoCards = [
  {
    icon: ShieldCheck,
    title: 'Безопасность',
    text: 'Вход только через официальный сайт Steam. Мы не видим и не храним ваш пароль.',
  },
  {
    icon: Sparkles,
    title: 'Качество',
    text: 'Стабильные серверы, честные цены и мгновенная доставка предметов на выбранный сервер.',
  },
  {
    icon: Users,
    title: 'Сообщество',
    text: 'Активные игроки, регулярные вайпы и администрация, которая отвечает в Discord и нашей группе.',
  },
] as const;

export function LoginPage({ logo }: { logo?: React.ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const failed = searchParams.get('error') === 'steam';

  useEffect(() => {
    if (!failed) return;
    toast.error(AUTH_ERROR_TITLE, { id: 'steam-error', description: AUTH_ERROR_FALLBACK });
    // Drop the flag so a reload does not repeat the notice.
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [failed, setSearchParams]);

  return (
    <main className="relative z-10 mx-auto flex min-h-dvh w-full max-w-5xl flex-col items-center justify-center gap-10 px-4 pt-16 pb-12">
      <Link
        to="/"
        className="absolute top-5 left-4 inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-foreground/80 hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        На главную
      </Link>

      <Card surface="custom" className="w-full max-w-md overflow-hidden border-border bg-black/70">
        <div aria-hidden="true" className="hazard-stripe h-1.5" />
        <div className="flex flex-col items-center gap-5 px-6 py-10 text-center sm:px-10">
          {logo}
          <div>
            <h1 className="font-display text-3xl font-extrabold tracking-wide text-white uppercase">
              Вход в аккаунт
            </h1>
            <p className="mt-3 text-sm text-muted-foreground">
              Войдите через Steam, чтобы пополнять баланс, покупать предметы и получать их на
              сервере.
            </p>
          </div>
          <SteamSignInButton />
          <p className="text-xs text-muted-foreground/80">
            Нажимая кнопку, вы принимаете пользовательское соглашение и политику конфиденциальности.
          </p>
        </div>
      </Card>

      <ul className="grid w-full gap-4 sm:grid-cols-3">
        {infoCards.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card surface="custom" className="h-full border-border bg-black/60 p-5">
              <Icon className="mb-3 size-7 text-primary" aria-hidden="true" />
              <h2 className="font-display text-lg font-bold tracking-wide uppercase">{title}</h2>
              <p className="mt-1.5 text-sm text-muted-foreground">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </main>
  );
}
