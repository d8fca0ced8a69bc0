import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { LoadingState } from '@/components/ui/spinner';
import { GuestOnly, RequireAdmin, RequireAuth } from '@/features/auth/components/guards';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error';
import { HomeRoute } from './routes/home';

/** A route's page arrives with its first visit: the Home a newcomer opens carries none of the others. */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType & { preload: () => Promise<unknown> } {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((module) => (loaded = module[name]));
  const Lazy = lazy(async (): Promise<{ default: ComponentType }> => ({
    default: await preload(),
  }));
  // Once the module is here the page renders at once, without a Suspense fallback: the page
  // that was prerendered into the HTML is replaced by itself, not by a spinner.
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Page, { preload });
}

const ShopRoute = page(() => import('./routes/shop'), 'ShopRoute');
const ServersRoute = page(() => import('./routes/servers'), 'ServersRoute');
const PromocodesRoute = page(() => import('./routes/promocodes'), 'PromocodesRoute');
const ProfileRoute = page(() => import('./routes/profile'), 'ProfileRoute');
const CartRoute = page(() => import('./routes/cart'), 'CartRoute');
const AdminRoute = page(() => import('./routes/admin'), 'AdminRoute');
const LoginRoute = page(() => import('./routes/login'), 'LoginRoute');
const NotFoundRoute = page(() => import('./routes/not-found'), 'NotFoundRoute');
const DiscordCallbackRoute = page(
  () => import('./routes/discord-callback'),
  'DiscordCallbackRoute',
);
const PaymentSuccessRoute = page(() => import('./routes/payments'), 'PaymentSuccessRoute');
const PaymentCallbackRoute = page(() => import('./routes/payments'), 'PaymentCallbackRoute');
const PaymentCancelRoute = page(() => import('./routes/payments'), 'PaymentCancelRoute');

/** Pages whose module is worth fetching before the first render when the visit starts on them. */
const pagesByPath: Record<string, { preload: () => Promise<unknown> }> = {
  '/shop': ShopRoute,
  '/servers': ServersRoute,
  '/promocodes': PromocodesRoute,
  '/profile': ProfileRoute,
  '/cart': CartRoute,
  '/login': LoginRoute,
};

/** Loads the page module of `path` (if it has its own), so the first render shows the page itself. */
export async function preloadPage(path: string): Promise<void> {
  await pagesByPath[path]?.preload();
}

function PageLoading({ className }: { className?: string }) {
  return <LoadingState text="Загрузка..." className={className ?? 'min-h-[50vh]'} />;
}

/** SPEC §2 route table: /profile and /cart need a login (guests go to /login), /admin an admin. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary resetKey={location}>
      <Switch>
        <Route path="/login">
          <GuestOnly>
            <Suspense fallback={<PageLoading className="min-h-dvh" />}>
              <LoginRoute />
            </Suspense>
          </GuestOnly>
        </Route>
        <Route>
          <RootLayout>
            <Suspense fallback={<PageLoading />}>
              <Switch>
                <Route path="/" component={HomeRoute} />
                <Route path="/shop" component={ShopRoute} />
                <Route path="/servers" component={ServersRoute} />
                <Route path="/promocodes" component={PromocodesRoute} />
                <Route path="/profile">
                  <RequireAuth>
                    <ProfileRoute />
                  </RequireAuth>
                </Route>
                <Route path="/cart">
                  <RequireAuth>
                    <CartRoute />
                  </RequireAuth>
                </Route>
                {/* SPEC §2: whoever is not an authenticated admin, a guest too, goes to '/'. */}
                <Route path="/admin">
                  <RequireAdmin>
                    <AdminRoute />
                  </RequireAdmin>
                </Route>
                <Route path="/discord/callback">
                  <RequireAuth>
                    <DiscordCallbackRoute />
                  </RequireAuth>
                </Route>
                <Route path="/payment-success" component={PaymentSuccessRoute} />
                <Route path="/payment-callback" component={PaymentCallbackRoute} />
                <Route path="/payment-cancel" component={PaymentCancelRoute} />
                <Route component={NotFoundRoute} />
              </Switch>
            </Suspense>
          </RootLayout>
        </Route>
      </Switch>
    </RouteErrorBoundary>
  );
}
