import type { AnchorHTMLAttributes } from 'react';
import type { VariantProps } from 'class-variance-authority';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';

type ButtonLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  VariantProps<typeof buttonVariants> & {
    /** A path inside the shop: followed by the router without reloading the page. */
    to: string;
  };

/**
 * A router link that looks like a button. The link is the element itself (no slot that merges a
 * child's props), which keeps a props-merging helper out of the first load.
 */
export function ButtonLink({ className, variant, size, fill, to, ...props }: ButtonLinkProps) {
  return (
    <Link to={to} className={cn(buttonVariants({ variant, size, fill }), className)} {...props} />
  );
}

type ButtonAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> &
  VariantProps<typeof buttonVariants>;

/** A plain link that looks like a button: another site, a `steam://` address, a full reload. */
export function ButtonAnchor({ className, variant, size, fill, ...props }: ButtonAnchorProps) {
  return <a className={cn(buttonVariants({ variant, size, fill }), className)} {...props} />;
}
