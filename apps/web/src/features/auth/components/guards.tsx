import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { useSession } from '../use-session';

const LOADING_TEXT = 'Загрузка...';

/** Pages behind it need a signed-in user; guests go to /login. */
export function RequireAuth() {
  const { isLoading, isAuthenticated } = useSession();
  const location = useLocation();
  if (isLoading) return <LoadingState text={LOADING_TEXT} className="min-h-[50vh]" />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Pages behind it need an authenticated administrator; everyone else goes home. */
export function RequireAdmin() {
  const { isLoading, isAuthenticated, isAdmin } = useSession();
  if (isLoading) return <LoadingState text={LOADING_TEXT} className="min-h-[50vh]" />;
  if (!isAuthenticated || !isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** The login page is pointless once signed in. */
export function GuestOnly() {
  const { isLoading, isAuthenticated } = useSession();
  if (isLoading) return <LoadingState text={LOADING_TEXT} className="min-h-dvh" />;
  if (isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}
