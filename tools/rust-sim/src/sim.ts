import { createChatter, joinLine, leaveLine } from './chatter';
import { canonicalName, runCommand } from './commands';
import type { RustSimHandle } from './handle';
import { joinDefaultGroup } from './game-state';
import { RconListener, type SimConnection } from './rcon-listener';
import { initialState, wipeWorld } from './world';
import { chatFrame, frame } from './frames';
import type {
  RconMessageType,
  RustSimOptions,
  SimCommandRecord,
  SimConnectionAttempt,
} from './types';

/** Starts a simulated Rust server speaking WebRcon on loopback. */
export async function startRustSim(options: RustSimOptions = {}): Promise<RustSimHandle> {
  const random = options.random ?? Math.random;
  const host = options.host ?? '127.0.0.1';
  let password = options.password ?? 'sim-password';
  const state = initialState(options, random);
  const roster = state.roster;
  const silent = new Set(
    (options.silentCommands ?? []).map((name) => canonicalName(name.toLowerCase())),
  );
  const commands: SimCommandRecord[] = [];
  const attempts: SimConnectionAttempt[] = [];
  const commandListeners = new Set<(record: SimCommandRecord) => void>();
  const commandDelayMs = options.commandDelayMs ?? 0;
  // The game runs commands one at a time on its main thread: a promise chain keeps that order.
  let mainThread = Promise.resolve();

  const broadcastConsole = (message: string, type: RconMessageType = 'Generic') =>
    listener.broadcast(frame(message, 0, type));
  const broadcastChat = (message: string, username: string, userId: string) =>
    listener.broadcast(chatFrame(message, username, userId));

  /**
   * Runs a command and answers as Facepunch.RCon.OnCommand does: what the command logs, and chat it
   * broadcasts while it runs (RCon.Broadcast with `responseConnection` set), go to the connection
   * that sent it only, then its reply; nothing at all for a command the game does not know.
   */
  const execute = (connection: SimConnection, identifier: number, message: string) => {
    const output = runCommand(message, state);
    const name = canonicalName(output.command.name);
    const silenced = silent.has(name);
    const replies: string[] = [];
    for (const event of output.events) {
      if (event.kind === 'chat') {
        listener.send(connection, chatFrame(event.message, event.username, event.userId));
      } else if (!silenced) {
        listener.send(connection, frame(event.text, identifier, event.type));
        replies.push(event.text);
      }
    }
    const record: SimCommandRecord = {
      at: new Date(),
      connectionId: connection.id,
      address: connection.address,
      identifier,
      name: output.command.name,
      message,
      args: output.command.args,
      replies,
      silenced,
    };
    commands.push(record);
    for (const notify of commandListeners) notify(record);
  };

  const listener: RconListener = new RconListener({
    host,
    password: () => password,
    maxPasswordFailures: options.maxPasswordFailures ?? 5,
    banDurationMs: options.banDurationMs ?? 300_000,
    log: (line) => broadcastConsole(line),
    onAttempt: (attempt) => attempts.push(attempt),
    onMessage: (connection, raw) => {
      let parsed: { Identifier?: unknown; Message?: unknown };
      try {
        parsed = JSON.parse(raw) as typeof parsed;
      } catch {
        return; // The game drops what it cannot deserialise.
      }
      const identifier = typeof parsed.Identifier === 'number' ? parsed.Identifier : 0;
      const message = typeof parsed.Message === 'string' ? parsed.Message : '';
      mainThread = mainThread
        .then(() =>
          commandDelayMs > 0 ? new Promise((r) => setTimeout(r, commandDelayMs)) : undefined,
        )
        .then(() => execute(connection, identifier, message))
        .catch(() => undefined);
    },
  });

  const port = await listener.start(options.port ?? 0);
  const chatter = createChatter(roster, random);
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number | null | undefined, fallback: number | null, tick: () => void) => {
    const interval = ms === undefined ? fallback : ms;
    if (interval === null || interval <= 0) return;
    const timer = setInterval(tick, interval);
    timer.unref(); // background noise must never keep a test or CLI process alive
    timers.push(timer);
  };
  every(options.consoleIntervalMs, 15_000, () => broadcastConsole(chatter.consoleLine()));
  every(options.chatIntervalMs, 40_000, () => {
    const line = chatter.chatLine();
    if (line) broadcastChat(line.message, line.player.name, line.player.steamId);
  });
  // Only bystanders come and go: a resident (someone a person signs in as) is always there to receive.
  every(options.churnIntervalMs, null, () => {
    const online = roster.list();
    const bystanders = online.filter((player) => !player.resident);
    const full = online.length >= state.maxPlayers;
    const leave = bystanders.length > 0 && (full || random() < 0.45);
    const victim = bystanders[Math.floor(random() * bystanders.length)];
    if (leave && victim) handle.removePlayer(victim.steamId);
    else if (!full) handle.addPlayer();
  });

  const handle: RustSimHandle = {
    host,
    port,
    get password() {
      return password;
    },
    get url() {
      return `ws://${host}:${port}/${password}`;
    },
    get isRunning() {
      return listener.running;
    },
    commands,
    connectionAttempts: attempts,
    get connectionCount() {
      return listener.connections.size;
    },
    bans: state.bans,
    mutes: state.mutes,
    groups: state.groups,
    notices: state.notices,
    get saveCreatedAt() {
      return state.saveCreatedAt;
    },
    get seed() {
      return state.seed;
    },
    get worldSize() {
      return state.worldSize;
    },
    get map() {
      return state.map;
    },
    wipe(wipe) {
      const at = wipeWorld(state, wipe);
      broadcastConsole(`Wiped: new save, seed ${state.seed}, size ${state.worldSize}`);
      return at;
    },
    async start() {
      await listener.start(port);
    },
    stop: () => listener.stop(),
    async close() {
      for (const timer of timers) clearInterval(timer);
      await listener.stop();
    },
    setPassword(next) {
      password = next;
    },
    addPlayer(init) {
      const player = roster.add(init);
      joinDefaultGroup(state, player.steamId);
      broadcastConsole(joinLine(player));
      return player;
    },
    removePlayer(steamId) {
      const player = roster.remove(steamId);
      if (player) broadcastConsole(leaveLine(player));
      return player !== undefined;
    },
    players: () => roster.list(),
    gifts: (steamId) => roster.giftsOf(steamId),
    setFreeSlots(steamId, slots) {
      if (!roster.get(steamId)) throw new Error(`rust-sim: player ${steamId} is not online`);
      const inventory = roster.inventoryOf(steamId);
      inventory.capacity = slots === null ? null : inventory.used + slots;
    },
    inventory: (steamId) => roster.inventoryOf(steamId).contents(),
    dropItems: (steamId, shortname) => roster.inventoryOf(steamId).drop(shortname),
    setItems(items) {
      state.items = items;
    },
    setSilent(commandName, on = true) {
      const name = canonicalName(commandName.toLowerCase());
      if (on) silent.add(name);
      else silent.delete(name);
    },
    sendConsoleLine: (message, type) => broadcastConsole(message, type),
    sendChat: ({ message, username = 'SERVER', userId = '0' }) =>
      broadcastChat(message, username, userId),
    isAddressBanned: (address = '127.0.0.1') => listener.isBanned(address),
    failedAttempts: (address = '127.0.0.1') => listener.failed.get(address)?.attempts ?? 0,
    clearFailedLogins: () => listener.failed.clear(),
    onCommand(notify) {
      commandListeners.add(notify);
      return () => commandListeners.delete(notify);
    },
    waitForCommand(predicate, timeoutMs = 5000) {
      const done = commands.find(predicate);
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          stopListening();
          reject(new Error(`rust-sim: no matching command within ${timeoutMs} ms`));
        }, timeoutMs);
        const stopListening = handle.onCommand((record) => {
          if (!predicate(record)) return;
          clearTimeout(timer);
          stopListening();
          resolve(record);
        });
      });
    },
  };
  return handle;
}
