import { APP_START } from './preload-app-start';

/**
 * V8 (Chrome 136+) compiles every function of a file that starts with this comment eagerly, on a
 * background thread while the file is still streaming in. Without it, each function is compiled on
 * the main thread at its first call, which during a first load means in the middle of hydration,
 * in tasks the visitor's taps wait behind. Other engines read it as a comment.
 */
const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/** What the hint is decided on: rolldown's rendered chunk, reduced to the fields read here. */
interface ChunkFacts {
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
}

/**
 * Worth it only for code that a first load runs almost all of: the entry (React), the app's start
 * (the layout, the Home, the data layer) and a player page's own module. Not for the admin panel or the dialogs, whose functions
 * mostly wait for a click that may never come; compiling them eagerly would cost memory for nothing.
 */
export function compileHintBanner(chunk: ChunkFacts): string {
  const id = chunk.facadeModuleId ?? '';
  const isPlayerPage = /[\\/]src[\\/]app[\\/]routes[\\/](?!admin)[^\\/]+\.tsx$/.test(id);
  const isAppStart = chunk.moduleIds.some((moduleId) => APP_START.test(moduleId));
  return chunk.isEntry || isAppStart || isPlayerPage ? ALL_FUNCTIONS_CALLED_ON_LOAD : '';
}
