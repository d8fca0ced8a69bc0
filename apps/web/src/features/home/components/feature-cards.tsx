import { Headset, PackageCheck, ServerCog } from 'lucide-react';
import { Card } from '@/components/ui/card';

const features = [
  {
    icon: ServerCog,
    title: 'Мощные серверы',
    text: 'Производительное железо и стабильный тикрейт даже в вечерний прайм-тайм, без лагов на рейдах.',
  },
  {
    icon: PackageCheck,
    title: 'Быстрая доставка',
    text: 'Предметы приходят на выбранный сервер автоматически или по команде /store в игровом чате.',
  },
  {
    icon: Headset,
    title: 'Поддержка на сайте',
    text: 'Войдите и напишите в чат в правом нижнем углу: администраторы видят ваши заказы и отвечают прямо там.',
  },
] as const;

export function FeatureCards() {
  return (
    <section aria-label="Наши преимущества" className="mt-14 grid gap-4 md:grid-cols-3">
      {features.map(({ icon: Icon, title, text }) => (
        <Card key={title} className="relative overflow-hidden p-6">
          <Icon className="size-9 text-primary" aria-hidden="true" />
          <h2 className="mt-4 font-display text-xl font-bold tracking-wide text-white uppercase">
            {title}
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          <Icon
            aria-hidden="true"
            className="absolute -right-6 -bottom-6 size-32 text-white/[0.03]"
          />
        </Card>
      ))}
    </section>
  );
}
