import type { CommandContext, CommandHandler, GameState } from './game-state';
import { findItemByPartialName } from './items';
import { dotnetDateText, parseWorldNumber, wipeWorld } from './world';

const PROTOCOL = '2596.268.1';
const VERSION = 2596;

function serverInfo(state: GameState) {
  const uptime = Math.floor((Date.now() - state.startedAt) / 1000);
  const players = state.roster.list().length;
  return {
    Hostname: state.hostname,
    MaxPlayers: state.maxPlayers,
    Players: players,
    Queued: 0,
    Joining: 0,
    EntityCount: 48_000 + players * 350,
    GameTime: gameTime(uptime),
    Uptime: uptime,
    Map: state.map,
    Framerate: 58 + Math.round(state.random() * 40) / 10,
    Memory: 5800 + Math.floor(state.random() * 300),
    MemoryUsageSystem: 7900 + Math.floor(state.random() * 300),
    Collections: 12,
    NetworkIn: 40_000 + Math.floor(state.random() * 20_000),
    NetworkOut: 120_000 + Math.floor(state.random() * 60_000),
    Restarting: false,
    SaveCreatedTime: dotnetDateText(state.saveCreatedAt),
    Version: VERSION,
    Protocol: PROTOCOL,
  };
}

/** In-game clock as C# prints a DateTime ("01/01/2025 06:00:00"); a game hour per real minute. */
function gameTime(uptimeSeconds: number): string {
  return dotnetDateText(new Date(Date.UTC(2025, 0, 1, 6) + uptimeSeconds * 60_000));
}

/** A convar read with no argument: the game answers `server.seed: "1337"`. */
const convar = (name: string, value: string | number) => `${name}: "${value}"`;

/**
 * `sim.wipe [seed] [worldsize]`: the simulator's own command (the game has none; a real wipe is a
 * restart on a new map), so the demo's admin console and a CLI user can wipe a running sim.
 */
function simWipe({ command, state, reply }: CommandContext): void {
  // Each argument given must be a number; one left out takes the wipe's default.
  const numbers = command.args.slice(0, 2).map(parseWorldNumber);
  if (numbers.includes(undefined)) return reply('Usage: sim.wipe [seed] [worldsize]');
  const [seed, worldSize] = numbers;
  const at = wipeWorld(state, { seed, worldSize });
  reply(`Wiped: new save ${dotnetDateText(at)}, seed ${state.seed}, size ${state.worldSize}`);
}

/** The game serialises `serverinfo` and `playerlist` with Json.NET, indented. */
const json = (value: unknown) => JSON.stringify(value, null, 2);

function playerList(state: GameState) {
  return state.roster.list().map((player) => ({
    SteamID: player.steamId,
    OwnerSteamID: '0',
    DisplayName: player.name,
    Ping: player.ping,
    Address: player.address,
    ConnectedSeconds: Math.floor((Date.now() - player.connectedAt) / 1000),
    // The game's field really is spelled "VoiationLevel".
    VoiationLevel: 0,
    CurrentLevel: 0,
    UnspentXp: 0,
    Health: player.health,
  }));
}

/** `status`: a header and the game's text table (columns padded to the widest cell). */
function statusText(state: GameState): string {
  const players = state.roster.list();
  const header =
    `hostname: ${state.hostname}\n` +
    `version : ${VERSION} secure (secure mode enabled, connected to Steam3)\n` +
    `map     : ${state.map}\n` +
    `players : ${players.length} (${state.maxPlayers} max) (0 queued) (0 joining)\n\n`;
  const rows = [
    ['id', 'name', 'ping', 'connected', 'addr', 'owner', 'violation', 'kicks'],
    ...players.map((p) => [
      p.steamId,
      `"${p.name}"`,
      String(p.ping),
      `${Math.floor((Date.now() - p.connectedAt) / 1000)}s`,
      p.address,
      '',
      '0.0',
      '0',
    ]),
  ];
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
      .join(' ')
      .trimEnd(),
  );
  return header + lines.join('\n') + '\n';
}

/**
 * `inventory.giveto STEAMID SHORTNAME AMOUNT`, as Facepunch's ConVar/Inventory.cs `giveto` runs it:
 * the player (BasePlayer.Find: online only) first, then the item (ItemManager.CreateByPartialName),
 * then room (PlayerInventory.GiveItem). A give that does not fit is destroyed ("inventory full?"),
 * though what topped up existing stacks of the item stays. Success replies nothing: its only sign is
 * the line the game logs, " [ServerVar] giving …", and the chat line it broadcasts.
 */
function giveTo({ command, state, log, reply, chat }: CommandContext): void {
  const [who = '', what = '', amountText] = command.args;
  const player = state.roster.find(who);
  if (!player) return reply("Couldn't find player!");
  const item = findItemByPartialName(state.items, what);
  if (!item) return reply('Invalid Item!');
  const parsed = Number.parseInt(amountText ?? '1', 10);
  const amount = Number.isFinite(parsed) ? parsed : 1;
  const given = state.roster
    .inventoryOf(player.steamId)
    .give(item.shortname, amount, item.stackSize ?? 1);
  if (given.landed > 0) {
    state.roster.recordGift({
      at: new Date(),
      steamId: player.steamId,
      shortname: item.shortname,
      amount: given.landed,
    });
  }
  if (!given.whole) return reply("Couldn't give item (inventory full?)");
  log(` [ServerVar] giving ${player.name} ${amount} x ${item.name}`);
  chat(`SERVER gave ${player.name} ${amount} x ${item.name}`);
}

export const coreCommands: Record<string, CommandHandler> = {
  serverinfo: ({ state, reply }) => reply(json(serverInfo(state))),
  playerlist: ({ state, reply }) => reply(json(playerList(state))),
  status: ({ state, reply }) => reply(statusText(state)),
  'inventory.giveto': giveTo,
  // ConVar.Admin.say broadcasts the chat line and replies nothing (an empty reply frame).
  say: ({ command, chat }) => chat(command.rest),
  // Facepunch.Console Commands.Echo logs its text (Debug.Log) and replies nothing.
  echo: ({ command, log }) => log(command.rest),
  'server.writecfg': ({ reply }) => reply('Config Saved'),
  'server.seed': ({ state, reply }) => reply(convar('server.seed', state.seed)),
  'server.worldsize': ({ state, reply }) => reply(convar('server.worldsize', state.worldSize)),
  'sim.wipe': simWipe,
  // The shop's Oxide plugin (plugins/oxide): a chat line to one online player. Arguments past the
  // second are ignored, as the plugin's `arg.GetString(1)` would.
  'rustshop.notify': ({ command, state, reply }) => {
    const [steamId = '', text = ''] = command.args;
    if (!steamId || !text) return reply('Usage: rustshop.notify <steamid64> "<text>"');
    if (!state.roster.get(steamId)) return reply(`Player not online: ${steamId}`);
    state.notices.push({ steamId, text });
    reply(`Notified ${steamId}`);
  },
};
