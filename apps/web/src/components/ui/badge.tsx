import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default:
          'border-primary/40 bg-primary/20 text-[color-mix(in_srgb,var(--color-primary)_40%,white)]',
        secondary: 'border-white/10 bg-white/8 text-foreground/85',
        success: 'border-success/40 bg-success/15 text-[#8ee0a6]',
        warning: 'border-warning/40 bg-warning/15 text-[#f5d27e]',
        destructive: 'border-destructive/40 bg-destructive/15 text-[#ff9b91]',
        outline: 'border-input text-foreground/85',
        /** A discount: the one solid badge, so a sale stands out among the outlined ones. */
        sale: 'border-accent bg-accent text-[#1c1206]',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
