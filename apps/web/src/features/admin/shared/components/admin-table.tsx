import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A plain data table that scrolls sideways on a phone instead of squeezing its columns. It is a size
 * container so a full-width row can pin its content to the visible width (100cqw). `tall` lists
 * (a month of days) scroll inside a box of about ten rows, headings kept in view, so the section
 * stays as high as the ones beside it.
 */
export function AdminTable({
  caption,
  columns,
  children,
  tall = false,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
  tall?: boolean;
}) {
  return (
    <div
      className={cn(
        '@container -mx-1 overflow-x-auto px-1',
        tall && 'max-h-[26rem] overflow-y-auto [&_th]:sticky [&_th]:top-0 [&_th]:bg-card-solid',
      )}
      // A box that scrolls is reached by the keyboard too.
      {...(tall ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className="w-full border-collapse text-left text-sm [&_td]:border-t [&_td]:border-white/6 [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-middle [&_td]:text-foreground/90">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-3 pb-2 text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
