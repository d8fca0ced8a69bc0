import type { KitItem } from '@shop/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameItems, serverItems, type KitItemColumn, type KitLine } from '../../db/schema/index';
import type { ItemIconOf } from '../catalog/item-icons';
import { stackLimitOf } from './stack-limits';

/** A game item a kit line names, as the shop's item table has it. */
export interface KitItemInfo {
  id: number;
  /** The name players read: the table's Russian name, else its English one. */
  name: string;
}

/** The item table's entry of a shortname, or undefined when the table does not have it. */
export type KitItemOf = (shortname: string) => KitItemInfo | undefined;

/** For a view that shows kit lines by their shortnames alone (the audit keeps what is stored). */
export const noKitItems: KitItemOf = () => undefined;

/**
 * The item table's entries of every item the given kits name, in one query (none when no row is a
 * kit). A shortname the table lacks (a modded item, say) is shown by its shortname.
 */
export async function kitItemLookup(
  db: Db,
  rows: ReadonlyArray<{ kitItems: KitItemColumn[] | null }>,
): Promise<KitItemOf> {
  const shortnames = [
    ...new Set(rows.flatMap((row) => row.kitItems?.map((line) => line.gameItemName) ?? [])),
  ];
  if (shortnames.length === 0) return noKitItems;
  const found = await db
    .select({
      id: gameItems.id,
      shortname: gameItems.shortname,
      nameEn: gameItems.nameEn,
      nameRu: gameItems.nameRu,
    })
    .from(gameItems)
    .where(inArray(gameItems.shortname, shortnames));
  const byShortname = new Map(
    found.map((item) => [item.shortname, { id: item.id, name: item.nameRu ?? item.nameEn }]),
  );
  return (shortname) => byShortname.get(shortname);
}

/** A kit's lines as buyers see them: each item's name, and its icon when the shop has one. */
export function shownKitItems(
  lines: KitItemColumn[] | null,
  itemOf: KitItemOf,
  iconOf: ItemIconOf,
): KitItem[] | null {
  if (!lines) return null;
  return lines.map((line) => {
    const item = itemOf(line.gameItemName);
    return {
      gameItemName: line.gameItemName,
      amount: line.amount,
      name: item?.name ?? line.gameItemName,
      image: item ? iconOf(item.id) : null,
    };
  });
}

/**
 * One kit's lines as a delivery to `serverId` gives them (one kit; the plan multiplies by the
 * quantity): each item's name as players read it (the item table's Russian name, else its English
 * one, else the server's own name for a modded item, else the shortname) and its stack limit on
 * that server (stack-limits.ts: the server's own item list, else the vanilla table, else 1).
 */
export async function kitLinesFor(
  db: Db,
  lines: readonly KitItemColumn[],
  serverId: number,
): Promise<KitLine[]> {
  const shortnames = [...new Set(lines.map((line) => line.gameItemName))];
  if (shortnames.length === 0) return [];
  const table = await db
    .select({ shortname: gameItems.shortname, nameEn: gameItems.nameEn, nameRu: gameItems.nameRu })
    .from(gameItems)
    .where(inArray(gameItems.shortname, shortnames));
  const onServer = await db
    .select({
      shortname: serverItems.shortname,
      nameEn: serverItems.nameEn,
      stackSize: serverItems.stackSize,
    })
    .from(serverItems)
    .where(and(eq(serverItems.serverId, serverId), inArray(serverItems.shortname, shortnames)));
  const named = new Map(table.map((item) => [item.shortname, item.nameRu ?? item.nameEn]));
  const served = new Map(onServer.map((item) => [item.shortname, item]));
  return lines.map((line) => {
    const server = served.get(line.gameItemName);
    return {
      shortname: line.gameItemName,
      name: named.get(line.gameItemName) ?? server?.nameEn ?? line.gameItemName,
      amount: line.amount,
      stackLimit: stackLimitOf(line.gameItemName, server?.stackSize),
    };
  });
}
