import { createBrowserRouter } from 'react-router';
import { GuestOnly, RequireAdmin, RequireAuth } from '@/features/auth/components/guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { CartRoute } from './routes/cart';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { PaymentCallbackRoute, PaymentCancelRoute, PaymentSuccessRoute } from './routes/payments';
import { ProfileRoute } from './routes/profile';
import { PromocodesRoute } from './routes/promocodes';
import { ServersRoute } from './routes/servers';
import { ShopRoute } from './routes/shop';

/**
 * SPEC §2 route table. The admin panel is its own chunk: players never download it.
 * Built on demand, not at import time: the router reads the address when created, and main.tsx must
 * first strip a `?token=` from it.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '/login',
      ErrorBoundary: RouteError,
      Component: GuestOnly,
      children: [{ index: true, Component: LoginRoute }],
    },
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      children: [
        { index: true, Component: HomeRoute },
        { path: 'shop', Component: ShopRoute },
        { path: 'servers', Component: ServersRoute },
        { path: 'promocodes', Component: PromocodesRoute },
        {
          Component: RequireAuth,
          children: [
            { path: 'profile', Component: ProfileRoute },
            { path: 'cart', Component: CartRoute },
            {
              // /admin needs a login first (guests go to /login), then the admin flag (players go home).
              Component: RequireAdmin,
              children: [
                {
                  path: 'admin',
                  lazy: async () => ({ Component: (await import('./routes/admin')).AdminRoute }),
                },
              ],
            },
          ],
        },
        { path: 'payment-success', Component: PaymentSuccessRoute },
        { path: 'payment-callback', Component: PaymentCallbackRoute },
        { path: 'payment-cancel', Component: PaymentCancelRoute },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
