import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** «Страница N из M» with «Назад» / «Вперёд»; the buttons wait while the next page loads. */
export function Pager({
  page,
  pages,
  busy,
  onPage,
  size,
  className,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
  size?: 'sm';
  className?: string;
}) {
  return (
    <div className={cn('flex items-center justify-between gap-2', className)}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Страница {page} из {pages}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size={size}
          disabled={page <= 1 || busy}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Назад
        </Button>
        <Button
          variant="secondary"
          size={size}
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          Вперёд
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
