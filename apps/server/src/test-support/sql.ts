/** Tests read stored state with the same typed raw-SQL helper as the repositories. */
export { queryRows } from '../db/execute';
