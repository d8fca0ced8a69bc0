import { readdir } from 'node:fs/promises';

/** An icon file in DATA_DIR/img, and the address `/img/:file` serves it at: `<item id>.png|webp`. */
export const ICON_FILE_NAME = /^(-?\d{1,10})\.(png|webp)$/;

/** The picture address of a game item, or null when the shop has no icon for it. */
export type ItemIconOf = (gameItemId: number) => string | null;

/** The one rule for what a product shows: its own picture, else its game item's icon, else none. */
export const pictureOf = (
  own: string | null,
  gameItemId: number | null,
  iconOf: ItemIconOf,
): string | null => own ?? (gameItemId === null ? null : iconOf(gameItemId));

/** For a listing that only shows the stored pictures. */
export const noIcons: ItemIconOf = () => null;

const LISTING_MAX_AGE_MS = 30_000;

/**
 * Which game items have an icon the shop can serve. A product whose item has none is sent without
 * a picture address, so a phone draws its category's picture at once instead of asking for a file
 * that is not there (one failed request per card, then a second render). With ITEM_ICON_URL every
 * item has one; otherwise only those the owner put in DATA_DIR/img, listed again at most every 30 s
 * so that an icon dropped in shows without a restart.
 */
export function createItemIcons(options: { imageDir: string; iconUrlTemplate: string | null }) {
  let files = new Map<number, string>();
  let listedAt = Number.NEGATIVE_INFINITY;
  let listing: Promise<void> | null = null;

  async function list(): Promise<void> {
    const names = await readdir(options.imageDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const found = new Map<number, string>();
    for (const name of names) {
      const match = ICON_FILE_NAME.exec(name);
      // A PNG wins over a WebP of the same item, as an exact request for `<id>.png` would.
      if (match && (!found.has(Number(match[1])) || match[2] === 'png'))
        found.set(Number(match[1]), name);
    }
    files = found;
    listedAt = Date.now();
  }

  return {
    async lookup(): Promise<ItemIconOf> {
      if (options.iconUrlTemplate) return (id) => `/img/${id}.png`;
      if (Date.now() - listedAt >= LISTING_MAX_AGE_MS) {
        listing ??= list().finally(() => {
          listing = null;
        });
        await listing;
      }
      const known = files;
      return (id) => {
        const file = known.get(id);
        return file === undefined ? null : `/img/${file}`;
      };
    },
  };
}

export type ItemIcons = ReturnType<typeof createItemIcons>;
