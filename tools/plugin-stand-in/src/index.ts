export { startStandIn, StandIn, SAVE_FILE } from './stand-in';
export type { StandInOptions } from './stand-in';
export { StandInEvents } from './stand-in-events';
export {
  buildStandIn,
  compilePlugin,
  findNewtonsoft,
  onPath,
  DEFAULT_ITEMS_PATH,
  HOST_DIR,
  STUBS_DIR,
} from './build';
export type { StandInBuild } from './build';
export type {
  ChatEvent,
  CommandEvent,
  ContainerName,
  ExceptionEvent,
  FrameStatsResult,
  GiveEvent,
  HttpEvent,
  InventoryItem,
  InventoryItemInit,
  LogEvent,
  LogLevel,
  ReadyEvent,
  ReplyEvent,
  SaveEvent,
  StandInEvent,
  StandInMode,
  StandInOtherPlugins,
  StandInPermissions,
  StandInStatus,
} from './protocol';
