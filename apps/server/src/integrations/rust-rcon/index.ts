export { RconClient } from './rcon-client';
export { RconPool, type RconPoolOptions, type RconServerConfig } from './rcon-pool';
export {
  classifyGiveReply,
  parsePlayerList,
  parseServerInfo,
  playerListSchema,
  serverInfoSchema,
  type GiveOutcome,
  type ParseResult,
  type PlayerListEntry,
  type ServerInfo,
} from './rcon-replies';
export type {
  RconBackoffOptions,
  RconClientOptions,
  RconCommandResult,
  RconConnectionState,
  RconEndpoint,
  RconLine,
  RconLogger,
  RconMessageType,
  RconStatus,
  RconUnavailableReason,
} from './rcon-types';
export { gameText, quoteConsoleArg } from './console-quote';
export { parseConvarNumber, parseConvarReply, parseGameDateTime } from './game-date';
