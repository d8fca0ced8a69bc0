export { startRustSim } from './sim';
export type { RustSimHandle } from './handle';
export type {
  RconFrame,
  RconMessageType,
  RustSimOptions,
  SimBan,
  SimCommandRecord,
  SimConnectionAttempt,
  SimConnectionOutcome,
  SimGift,
  SimItem,
  SimMute,
  SimPlayer,
  SimPlayerInit,
  SimSlot,
} from './types';
export { DEFAULT_ITEMS, findItemByPartialName } from './items';
export { DEFAULT_PLAYERS } from './players';
export { DEFAULT_GROUPS, DEFAULT_PERMISSIONS } from './commands-permissions';
export { parseCommandLine } from './command-line';
export { dotnetDateText, type SimWipe } from './world';
