/** What the browser tests put on, or load into, the page's window. */
interface AxeRunner {
  run(
    context: Document,
    options: object,
  ): Promise<{
    violations: Array<{
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: unknown[] }>;
    }>;
  }>;
}

declare global {
  interface Window {
    /** Set before an update that must arrive without a page reload; gone if the page reloaded. */
    notReloaded?: boolean;
    /** Layout shift values a page recorded while it loaded. */
    shifts?: number[];
    /** Set before a navigation that must stay inside the single-page app. */
    samePage?: boolean;
    axe?: AxeRunner;
  }
}

export {};
