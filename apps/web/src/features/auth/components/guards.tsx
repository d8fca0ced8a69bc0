import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { LoadingState } from '@/components/ui/spinner';
import { useSession } from '../use-session';

const LOADING_TEXT = 'Загрузка...';

/** Pages inside it need a signed-in user; guests go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useSession();
  if (isLoading) return <LoadingState text={LOADING_TEXT} className="min-h-[50vh]" />;
  if (!isAuthenticated) return <Redirect to="/login" replace />;
  return children;
}

/** Pages inside it need an authenticated administrator; everyone else goes home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, isAdmin } = useSession();
  if (isLoading) return <LoadingState text={LOADING_TEXT} className="min-h-[50vh]" />;
  if (!isAuthenticated || !isAdmin) return <Redirect to="/" replace />;
  return children;
}

/** The login page is pointless once signed in. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useSession();
  if (isLoading) return <LoadingState text={LOADING_TEXT} className="min-h-dvh" />;
  if (isAuthenticated) return <Redirect to="/" replace />;
  return children;
}
