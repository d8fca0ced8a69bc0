import type { SimItem } from './types';

/**
 * A small, real subset of the game's item table (shortname -> English name). Pass the full table
 * (for example the shared data file's 1131 items) through `items` when a test needs it.
 */
export const DEFAULT_ITEMS: readonly SimItem[] = [
  { shortname: 'rifle.ak', name: 'Assault Rifle' },
  { shortname: 'rifle.bolt', name: 'Bolt Action Rifle' },
  { shortname: 'smg.thompson', name: 'Thompson' },
  { shortname: 'pistol.semiauto', name: 'Semi-Automatic Pistol' },
  { shortname: 'ammo.rifle', name: '5.56 Rifle Ammo' },
  { shortname: 'ammo.pistol', name: 'Pistol Bullet' },
  { shortname: 'wood', name: 'Wood' },
  { shortname: 'stones', name: 'Stones' },
  { shortname: 'metal.fragments', name: 'Metal Fragments' },
  { shortname: 'metal.refined', name: 'High Quality Metal' },
  { shortname: 'sulfur', name: 'Sulfur' },
  { shortname: 'scrap', name: 'Scrap' },
  { shortname: 'cloth', name: 'Cloth' },
  { shortname: 'lowgradefuel', name: 'Low Grade Fuel' },
  { shortname: 'syringe.medical', name: 'Medical Syringe' },
  { shortname: 'largemedkit', name: 'Large Medkit' },
  { shortname: 'bandage', name: 'Bandage' },
  { shortname: 'metal.facemask', name: 'Metal Facemask' },
  { shortname: 'metal.plate.torso', name: 'Metal Chest Plate' },
  { shortname: 'hazmatsuit', name: 'Hazmat Suit' },
  { shortname: 'explosive.timed', name: 'Timed Explosive Charge' },
  { shortname: 'pickaxe', name: 'Pickaxe' },
  { shortname: 'hatchet', name: 'Hatchet' },
  { shortname: 'furnace', name: 'Furnace' },
  { shortname: 'box.wooden.large', name: 'Large Wood Box' },
  // A real shortname with a space: the console gets it only as one quoted argument.
  { shortname: '2module car', name: '2 Module Car' },
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
