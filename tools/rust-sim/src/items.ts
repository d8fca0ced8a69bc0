import type { SimItem } from './types';

/**
 * A small, real subset of the game's item table: shortname, English name, and the vanilla stack
 * limit (ItemDefinition.stackable as the item definitions ship it). Pass the full table (for example
 * the shared data file's 1131 items) through `items` when a test needs it.
 */
export const DEFAULT_ITEMS: readonly SimItem[] = [
  { shortname: 'rifle.ak', name: 'Assault Rifle', stackSize: 1 },
  { shortname: 'rifle.bolt', name: 'Bolt Action Rifle', stackSize: 1 },
  { shortname: 'smg.thompson', name: 'Thompson', stackSize: 1 },
  { shortname: 'pistol.semiauto', name: 'Semi-Automatic Pistol', stackSize: 1 },
  { shortname: 'ammo.rifle', name: '5.56 Rifle Ammo', stackSize: 128 },
  { shortname: 'ammo.pistol', name: 'Pistol Bullet', stackSize: 128 },
  { shortname: 'wood', name: 'Wood', stackSize: 1000 },
  { shortname: 'stones', name: 'Stones', stackSize: 1000 },
  { shortname: 'metal.fragments', name: 'Metal Fragments', stackSize: 1000 },
  { shortname: 'metal.refined', name: 'High Quality Metal', stackSize: 100 },
  { shortname: 'sulfur', name: 'Sulfur', stackSize: 1000 },
  { shortname: 'scrap', name: 'Scrap', stackSize: 1000 },
  { shortname: 'cloth', name: 'Cloth', stackSize: 1000 },
  { shortname: 'lowgradefuel', name: 'Low Grade Fuel', stackSize: 500 },
  { shortname: 'syringe.medical', name: 'Medical Syringe', stackSize: 2 },
  { shortname: 'largemedkit', name: 'Large Medkit', stackSize: 1 },
  { shortname: 'bandage', name: 'Bandage', stackSize: 3 },
  { shortname: 'metal.facemask', name: 'Metal Facemask', stackSize: 1 },
  { shortname: 'metal.plate.torso', name: 'Metal Chest Plate', stackSize: 1 },
  { shortname: 'hazmatsuit', name: 'Hazmat Suit', stackSize: 1 },
  { shortname: 'explosive.timed', name: 'Timed Explosive Charge', stackSize: 10 },
  { shortname: 'pickaxe', name: 'Pickaxe', stackSize: 1 },
  { shortname: 'hatchet', name: 'Hatchet', stackSize: 1 },
  { shortname: 'furnace', name: 'Furnace', stackSize: 1 },
  { shortname: 'box.wooden.large', name: 'Large Wood Box', stackSize: 1 },
  // A real shortname with a space: the console gets it only as one quoted argument.
  { shortname: '2module car', name: '2 Module Car', stackSize: 1 },
];

/**
 * The game's `ItemManager.CreateByPartialName`: an exact (case-sensitive) shortname first, then the
 * FIRST item whose shortname contains the text, ignoring case. So `rifle` gives whichever item comes
 * first in the table; the shop must send exact shortnames.
 */
export function findItemByPartialName(
  items: readonly SimItem[],
  text: string,
): SimItem | undefined {
  const exact = items.find((item) => item.shortname === text);
  if (exact) return exact;
  const lower = text.toLowerCase();
  return items.find((item) => item.shortname.toLowerCase().includes(lower));
}
