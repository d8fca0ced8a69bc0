/**
 * The stack limits of the vanilla game's items that stack beyond one (resources, components, ammo,
 * explosives, medicine), for a server that never sent its own item list (an RCON server; the
 * game-server plugin sends `stackable` for every item, and that list wins). Only limits the game has
 * had unchanged for years are listed, never a guess above the real one: an RCON give of a kit line
 * is cut into pieces of at most its limit, so that a full inventory refuses one stack, not several.
 */
export const VANILLA_STACK_LIMITS: Readonly<Record<string, number>> = {
  wood: 1000,
  stones: 1000,
  'metal.ore': 1000,
  'metal.fragments': 1000,
  'sulfur.ore': 1000,
  sulfur: 1000,
  'hq.metal.ore': 100,
  'metal.refined': 100,
  charcoal: 1000,
  cloth: 1000,
  leather: 1000,
  'fat.animal': 1000,
  'bone.fragments': 1000,
  scrap: 1000,
  gunpowder: 1000,
  explosives: 100,
  lowgradefuel: 500,
  'crude.oil': 500,
  techparts: 50,
  rope: 50,
  tarp: 50,
  gears: 20,
  metalpipe: 20,
  metalspring: 20,
  metalblade: 20,
  sewingkit: 20,
  roadsigns: 20,
  sheetmetal: 20,
  semibody: 10,
  smgbody: 10,
  riflebody: 10,
  propanetank: 5,
  'targeting.computer': 5,
  'cctv.camera': 5,
  'ammo.rifle': 128,
  'ammo.rifle.hv': 128,
  'ammo.rifle.incendiary': 128,
  'ammo.rifle.explosive': 128,
  'ammo.pistol': 128,
  'ammo.pistol.hv': 128,
  'ammo.pistol.fire': 128,
  'ammo.shotgun': 64,
  'ammo.shotgun.slug': 64,
  'ammo.shotgun.fire': 64,
  'ammo.handmade.shell': 64,
  'arrow.wooden': 64,
  'arrow.hv': 64,
  'arrow.fire': 64,
  'arrow.bone': 64,
  'ammo.rocket.basic': 3,
  'ammo.rocket.hv': 3,
  'ammo.rocket.fire': 3,
  'explosive.timed': 10,
  'explosive.satchel': 10,
  'grenade.f1': 10,
  'grenade.beancan': 10,
  'syringe.medical': 2,
  bandage: 3,
};

/**
 * An item nobody told the shop about stacks by one, as most of the game's items do (weapons, tools,
 * clothing, deployables): one piece per give is slow for a big line, never wrong.
 */
export const DEFAULT_STACK_LIMIT = 1;

/**
 * An item's stack limit on a server: the server's own item list (what its plugin reported) when it
 * has the item, else the vanilla table above, else DEFAULT_STACK_LIMIT.
 */
export function stackLimitOf(
  shortname: string,
  serverStackSize: number | null | undefined,
): number {
  if (serverStackSize !== null && serverStackSize !== undefined && serverStackSize >= 1)
    return serverStackSize;
  return VANILLA_STACK_LIMITS[shortname] ?? DEFAULT_STACK_LIMIT;
}
