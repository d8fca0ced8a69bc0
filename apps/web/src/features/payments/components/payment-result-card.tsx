import { CircleCheck, CircleX, Clock, LoaderCircle, Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export type PaymentView = 'checking' | 'pending' | 'success' | 'failed' | 'cancelled';

const icons: Record<PaymentView, { icon: ReactNode; ring: string }> = {
  checking: { icon: <LoaderCircle className="animate-spin" />, ring: 'bg-white/8 text-foreground' },
  pending: { icon: <Clock />, ring: 'bg-warning/15 text-warning' },
  success: { icon: <CircleCheck />, ring: 'bg-success/15 text-success' },
  failed: { icon: <CircleX />, ring: 'bg-destructive/15 text-[#ff7a6b]' },
  cancelled: { icon: <Ban />, ring: 'bg-white/8 text-muted-foreground' },
};

/** The shared frame of every payment result: a big state icon, the heading, the order number, actions. */
export function PaymentResultCard({
  view,
  title,
  description,
  orderId,
  actions,
}: {
  view: PaymentView;
  title: string;
  description?: string;
  orderId?: string | null;
  actions?: ReactNode;
}) {
  const { icon, ring } = icons[view];
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Card
        surface="custom"
        className="w-full max-w-lg overflow-hidden border-border bg-black/70 text-center"
      >
        <div
          aria-hidden="true"
          className={cn(
            'h-1.5',
            view === 'success'
              ? 'bg-success'
              : view === 'failed'
                ? 'bg-destructive'
                : 'hazard-stripe',
          )}
        />
        <div
          role="status"
          aria-live="polite"
          className="flex flex-col items-center gap-4 px-6 py-10 sm:px-10"
        >
          <div
            aria-hidden="true"
            className={cn(
              'flex size-20 items-center justify-center rounded-full [&_svg]:size-10',
              ring,
            )}
          >
            {icon}
          </div>
          <h1 className="font-display text-3xl font-extrabold tracking-wide text-white uppercase">
            {title}
          </h1>
          {description && <p className="text-muted-foreground">{description}</p>}
          {orderId && (
            <p className="rounded-md border border-white/10 bg-black/40 px-3 py-1.5 text-sm text-muted-foreground">
              Номер заказа: <span className="font-mono text-foreground">{orderId}</span>
            </p>
          )}
        </div>
        {actions && (
          <div className="flex flex-col gap-2 px-6 pb-8 sm:flex-row sm:flex-wrap sm:justify-center">
            {actions}
          </div>
        )}
      </Card>
    </div>
  );
}
