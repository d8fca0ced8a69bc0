import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function AdminSection({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-lg font-bold tracking-wide text-white uppercase">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}
