import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-[background-color,border-color,color,box-shadow,transform] duration-150 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:translate-y-px disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default:
          'bg-primary text-primary-foreground shadow-[0_6px_20px_-8px_rgb(206_66_43/0.8)] hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-[#37302b]',
        outline:
          'border border-input bg-black/30 text-foreground backdrop-blur-sm hover:border-primary/70 hover:bg-primary/10',
        ghost: 'text-foreground/85 hover:bg-white/8 hover:text-foreground',
        destructive: 'bg-destructive text-white hover:bg-destructive/90',
        link: 'h-auto p-0 text-accent underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
        'icon-sm': 'size-8',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/** A link styled as a button is `ButtonLink` or `ButtonAnchor` (./button-link). */
export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button
      // A plain <button> inside a form would submit it; make that an explicit choice.
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
