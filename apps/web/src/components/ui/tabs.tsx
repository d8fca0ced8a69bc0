import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

/** `layout="grid"`: the caller sets the columns (a few short tabs that share a phone's width). */
export function TabsList({
  className,
  layout = 'row',
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & { layout?: 'row' | 'grid' }) {
  return (
    <TabsPrimitive.List
      className={cn(
        // Narrow screens scroll the strip sideways (with faded edges as the cue), never hide a tab.
        'scroll-cues w-full max-w-full gap-1 rounded-lg border border-white/10 p-1',
        layout === 'row' ? 'flex' : 'grid',
        className,
      )}
      {...props}
    />
  );
}

/** `compact`: the label stacks over its count in small text on phones, a row from `sm` on. */
export function TabsTrigger({
  className,
  compact = false,
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger> & { compact?: boolean }) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex flex-1 shrink-0 cursor-pointer items-center justify-center rounded-md font-semibold whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow focus-visible:outline-offset-[-2px] [&_svg]:size-4',
        compact
          ? 'flex-col gap-0.5 px-1 py-1.5 text-xs sm:flex-row sm:gap-2 sm:px-3 sm:py-2 sm:text-sm'
          : 'gap-2 px-3 py-2 text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** `compact`: closer to the tab strip, for a panel inside a page section. */
export function TabsContent({
  className,
  compact = false,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content> & { compact?: boolean }) {
  return (
    <TabsPrimitive.Content
      className={cn(compact ? 'mt-4' : 'mt-6', 'outline-none', className)}
      {...props}
    />
  );
}
