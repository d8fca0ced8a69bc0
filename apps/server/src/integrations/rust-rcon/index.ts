export { RconClient } from './rcon-client';
export { RconPool, type RconPoolOptions, type RconServerConfig } from './rcon-pool';
export {
  answerError,
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
export { runCheckedCommand, type CommandCheck } from './checked-command';
export {
  parsePermissionCommand,
  type PermissionCommand,
  type PermissionRefusal,
} from './permission-commands';
export type {
  RconBackoffOptions,
  RconClientOptions,
  RconCommandResult,
  RconConnectionState,
  RconEndpoint,
  RconLine,
  RconLogger,
  RconMessageType,
  RconReplyLine,
  RconStatus,
  RconUnavailableReason,
} from './rcon-types';
export { gameText, quoteConsoleArg } from './console-quote';
export { parseConvarNumber, parseConvarReply, parseGameDateTime } from './game-date';
