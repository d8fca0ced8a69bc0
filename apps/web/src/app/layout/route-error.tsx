import { RefreshCw, Home } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ButtonAnchor } from '@/components/ui/button-link';
import { Background } from './background';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Shown when a page throws while rendering. It draws no header: whatever broke may be the header.
 * A lazily loaded chunk that vanished after a redeploy is the usual cause, and a reload cures it.
 */
export function RouteError({ error }: { error: unknown }) {
  return (
    <>
      <Background />
      <main className="relative z-10 mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-5 px-4 text-center">
        <div aria-hidden="true" className="hazard-stripe h-2 w-32 rounded-full" />
        <h1 className="font-display text-3xl font-extrabold tracking-wide text-white uppercase sm:text-4xl">
          Unexpected Application Error!
        </h1>
        <p className="text-foreground/85">
          При отображении страницы произошла непредвиденная ошибка. Обновите страницу — обычно этого
          достаточно. Если ошибка повторяется, напишите нам в поддержку.
        </p>
        <details className="w-full rounded-md border border-white/10 bg-black/60 p-3 text-left text-sm text-muted-foreground">
          <summary className="cursor-pointer">Подробности для поддержки</summary>
          <pre className="mt-2 overflow-x-auto font-mono text-xs whitespace-pre-wrap">
            {describe(error)}
          </pre>
        </details>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Обновить страницу
          </Button>
          {/* A plain link: the router itself may be what failed. */}
          <ButtonAnchor href="/" variant="outline">
            <Home aria-hidden="true" />
            На главную
          </ButtonAnchor>
        </div>
      </main>
    </>
  );
}

/**
 * Catches what a page throws while rendering. `resetKey` (the address) lets the player leave a broken
 * page by following a link without reloading.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; key: string }
> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; key: string },
  ) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}
