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
} from './types';
export { DEFAULT_ITEMS, findItemByPartialName } from './items';
export { DEFAULT_PLAYERS } from './players';
export { parseCommandLine } from './command-line';
export { dotnetDateText, type SimWipe } from './world';
