import type {
  ChatEvent,
  CommandEvent,
  ExceptionEvent,
  GiveEvent,
  HttpEvent,
  LogEvent,
  LogLevel,
  StandInEvent,
} from './protocol';

interface Waiter {
  predicate: (event: StandInEvent) => boolean;
  resolve: (event: StandInEvent) => void;
}

/** The event log of a stand-in, across its restarts, with the views tests need. */
export class StandInEvents {
  private readonly log: StandInEvent[] = [];
  private readonly waiters = new Set<Waiter>();

  /** Every event so far, oldest first (replies included). */
  get events(): readonly StandInEvent[] {
    return this.log;
  }

  /** Forgets the events so far (waitFor and the views then see only later ones). */
  clearEvents(): void {
    this.log.length = 0;
  }

  /** What the players were told in chat; one player's when steamId is given. */
  chats(steamId?: string): ChatEvent[] {
    return this.of<ChatEvent>('chat').filter((e) => steamId === undefined || e.steamId === steamId);
  }

  /** The plugin's Puts (info), PrintWarning (warning) and PrintError (error), without its name prefix. */
  logs(level?: LogLevel): LogEvent[] {
    return this.of<LogEvent>('log').filter(
      (e) => e.source === 'plugin' && (level === undefined || e.level === level),
    );
  }

  /** Every ConsoleSystem.Run, the plugin's and the console's. */
  commandsRun(): CommandEvent[] {
    return this.of<CommandEvent>('command');
  }

  exceptions(): ExceptionEvent[] {
    return this.of<ExceptionEvent>('exception');
  }

  httpRequests(): HttpEvent[] {
    return this.of<HttpEvent>('http');
  }

  gives(steamId?: string): GiveEvent[] {
    return this.of<GiveEvent>('give').filter((e) => steamId === undefined || e.steamId === steamId);
  }

  /** The first event (already logged or still to come) that satisfies the predicate. */
  waitFor<T extends StandInEvent>(
    predicate: (event: StandInEvent) => event is T,
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(predicate: (event: StandInEvent) => boolean, timeoutMs?: number): Promise<StandInEvent>;
  waitFor(predicate: (event: StandInEvent) => boolean, timeoutMs = 10_000): Promise<StandInEvent> {
    const found = this.log.find(predicate);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve: (event) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(event);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching event within ${timeoutMs} ms; last events:\n${this.tail()}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  protected record(event: StandInEvent): void {
    this.log.push(event);
    for (const waiter of [...this.waiters]) {
      if (waiter.predicate(event)) waiter.resolve(event);
    }
  }

  private of<T extends StandInEvent>(name: T['event']): T[] {
    return this.log.filter((e): e is T => e.event === name);
  }

  private tail(): string {
    return this.log
      .slice(-15)
      .map((e) => JSON.stringify(e))
      .join('\n');
  }
}
