import type { RoutePermission } from '@shop/shared';
import type { ReactNode } from 'react';
import { useCan } from '../permissions-context';

/**
 * Shows its children only to staff whose permissions hold `permission`, or any of a list. The
 * server refuses the calls anyway: this keeps the panel to what a role may do.
 */
export function Can({
  permission,
  children,
}: {
  permission: RoutePermission | readonly RoutePermission[];
  children: ReactNode;
}) {
  const can = useCan();
  const needed = typeof permission === 'string' ? [permission] : permission;
  return needed.some(can) ? children : null;
}
