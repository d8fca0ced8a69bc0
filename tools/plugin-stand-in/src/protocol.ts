/** What the stand-in prints on stdout, one JSON object per line (plugins/oxide/test/README.md). */
export type LogLevel = 'info' | 'warning' | 'error';
export type ContainerName = 'main' | 'belt';

export interface ReadyEvent {
  event: 'ready';
  mode: StandInMode;
  dir: string;
  /** Whether the plugin loaded with the server. */
  loaded: boolean;
  items: number;
  /** Players restored from the world save. */
  players: number;
}

export interface ReplyEvent {
  event: 'reply';
  id: number | null;
  ok: boolean;
  error?: string;
  loaded: boolean;
  [field: string]: unknown;
}

/** BasePlayer.ChatMessage to a connected player, or `say` (from: "SERVER"). */
export interface ChatEvent {
  event: 'chat';
  steamId: string;
  text: string;
  from?: 'SERVER';
}

/** Puts/PrintWarning/PrintError (source "plugin", no name prefix), or the framework's or game's own lines. */
export interface LogEvent {
  event: 'log';
  level: LogLevel;
  source: 'plugin' | 'oxide' | 'carbon' | 'game';
  text: string;
}

/** Every ConsoleSystem.Run, from the plugin or from the `console` command. */
export interface CommandEvent {
  event: 'command';
  text: string;
  reply: string | null;
  lastError: string | null;
  origin: 'plugin' | 'stdin';
}

/** A web request that completed; `dropped` when Oxide's unload had aborted it (no callback). */
export interface HttpEvent {
  event: 'http';
  method: string;
  url: string;
  status: number;
  ms: number;
  dropped: boolean;
}

/** One PlayerInventory.GiveItem. `merged` went into existing stacks; container/slot: where the rest went. */
export interface GiveEvent {
  event: 'give';
  steamId: string;
  shortname: string;
  amount: number;
  accepted: boolean;
  merged: number;
  container: ContainerName | null;
  slot: number | null;
}

/** An exception that escaped a hook, a callback or a timer: logged, and the server goes on. */
export interface ExceptionEvent {
  event: 'exception';
  text: string;
  stack: string;
}

/**
 * The world save: `started` right after OnServerSave (IsSaving is now true), `finished` after the write
 * (or its failure), when IsSaving is false again. `blocking`: a server.save that writes in one step.
 */
export type SaveEvent =
  | { event: 'save'; phase: 'started'; frames: number; blocking: boolean }
  | { event: 'save'; phase: 'finished'; written: boolean };

/** Plugin time per main-loop frame (frame-stats.cs). */
export interface FrameStatsResult {
  /** Frames run since the start or the last reset. */
  frames: number;
  /** The most time one frame spent in plugin code. */
  maxFrameMs: number;
  totalPluginMs: number;
  /** Frames that spent more than 5 ms in plugin code. */
  over5ms: number;
  /**
   * The same in the main thread's CPU time: what the plugin itself costs, which other processes of a
   * busy test machine cannot inflate by taking the core away mid-call.
   */
  maxFrameCpuMs: number;
  totalPluginCpuMs: number;
  over5msCpu: number;
}

export type StandInEvent =
  | ReadyEvent
  | SaveEvent
  | ReplyEvent
  | ChatEvent
  | LogEvent
  | CommandEvent
  | HttpEvent
  | GiveEvent
  | ExceptionEvent;

export type StandInMode = 'oxide' | 'carbon';

export interface InventoryItem {
  shortname: string;
  amount: number;
  container: ContainerName;
  slot: number;
  /** Only when not 0. */
  skin?: number;
  /** Only for an item with condition that is below its type's maximum (damaged). */
  condition?: number;
}

export interface InventoryItemInit {
  shortname: string;
  amount: number;
  /** Default main. */
  container?: ContainerName;
  /** Default the container's first empty slot. */
  slot?: number;
  skin?: number;
  /** Item.condition, for an item whose type has condition (weapons, tools, clothing): below the maximum is damaged. */
  condition?: number;
}

/** The permission library's data (both frameworks keep it in oxide.users / oxide.groups). */
export interface StandInPermissions {
  /** Groups that exist (default and admin always; Carbon stores names lower-cased). */
  groups: string[];
  /** Every user record and its groups (Oxide makes a record for any id a call names). */
  userGroups: Record<string, string[]>;
  userPermissions: Record<string, string[]>;
  groupPermissions: Record<string, string[]>;
  /** Permissions registered by plugins (the loaded one's go when it unloads). */
  registered: string[];
  /** Carbon's one shared record for ids without one: what AddUserGroup/GrantUserPermission changed there. */
  blankUser: { groups: string[]; permissions: string[] };
}

/** What the stand-in's other plugins answer (other-plugins.cs). */
export interface StandInOtherPlugins {
  refused: string | null;
  refuseAnySlot: boolean;
  blockStacking: string[];
  maxStackable: Record<string, number>;
}

export interface StandInStatus {
  mode: StandInMode;
  loaded: boolean;
  /** Live timers of plugin instances (old Oxide instances' included). */
  timers: number;
  /** Web requests sent and not yet completed. */
  requests: number;
  players: Array<{ steamId: string; name: string; connected: boolean; dead: boolean }>;
  permissions: StandInPermissions;
  refused: string | null;
  others: StandInOtherPlugins;
  /** SaveRestore.IsSaving now. */
  isSaving: boolean;
}
