import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Each class a variant sets is set by nothing else (class names are joined, not merged): the
// text size lives in `size`, the flex behaviour in `fill`, the colours in `variant`.
export const buttonVariants = cva(
  'inline-flex cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-[background-color,border-color,color,box-shadow,transform] duration-150 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:translate-y-px disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default:
          'bg-primary text-primary-foreground shadow-[0_6px_20px_-8px_color-mix(in_srgb,var(--color-primary)_80%,transparent)] hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-[#37302b]',
        outline:
          'border border-input bg-black/30 text-foreground backdrop-blur-sm hover:border-primary/70 hover:bg-primary/10',
        'outline-destructive':
          'border border-input bg-black/30 text-foreground backdrop-blur-sm hover:border-destructive/70 hover:bg-destructive/15',
        ghost: 'text-foreground/85 hover:bg-white/8 hover:text-foreground',
        destructive: 'bg-destructive text-white hover:bg-destructive/90',
        /** A quiet remove/delete icon in a list row: muted until pointed at, then red. */
        'ghost-destructive': 'text-muted-foreground hover:bg-destructive/15 hover:text-[#ff9b91]',
        /** No colours: the caller's className gives the text and hover colours (icon buttons in lists). */
        custom: '',
      },
      size: {
        default: 'h-10 px-4 text-sm',
        sm: 'h-8 px-3 text-xs',
        /** Small text at the default height (the header's sign-in button, level with its neighbours). */
        'sm-tall': 'h-10 px-4 text-xs',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10 text-sm',
        'icon-sm': 'size-8 text-sm',
      },
      /** `fill`: the button shares a row's width with its neighbours. */
      fill: { false: 'shrink-0', true: 'flex-1' },
    },
    defaultVariants: { variant: 'default', size: 'default', fill: false },
  },
);

/** A link styled as a button is `ButtonLink` or `ButtonAnchor` (./button-link). */
export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, fill, type, ...props }: ButtonProps) {
  return (
    <button
      // A plain <button> inside a form would submit it; make that an explicit choice.
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size, fill }), className)}
      {...props}
    />
  );
}
