import { createHash } from 'node:crypto';
import { CATEGORY_IMAGE_SIZE, imageFileName, type ImageSlot } from '@shop/shared';
import sharp from 'sharp';
import { HttpError } from '../../plugins/errors';
import type { SiteImageFile } from './site-repository';

/** The largest upload: a phone photo of a logo is well under it, a raw camera file is not. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Pixels sharp may decode (a 4K × 4K picture and a little more): no decompression bomb. */
const MAX_INPUT_PIXELS = 20_000_000;

/** What is uploaded: one of the shop's pictures, or a category's (every category alike). */
export type SiteImageKind = ImageSlot | 'category';

/** The sizes each page needs, as WebP: a phone gets the small file, a desktop the large one. */
const variants: Record<
  SiteImageKind,
  ReadonlyArray<{ size: string; width?: number; height?: number }>
> = {
  logo: [{ size: '128', height: 128 }],
  favicon: [
    { size: '64', width: 64, height: 64 },
    { size: '192', width: 192, height: 192 },
  ],
  background: [
    { size: 'phone', width: 828 },
    { size: 'desktop', width: 1920 },
  ],
  // Square, cropped to fill: the cards and lists draw a category's picture in a square box.
  category: [
    { size: String(CATEGORY_IMAGE_SIZE), width: CATEGORY_IMAGE_SIZE, height: CATEGORY_IMAGE_SIZE },
  ],
};

const minimum: Record<SiteImageKind, { width: number; height: number; label: string }> = {
  logo: { width: 32, height: 32, label: 'Логотип' },
  favicon: { width: 32, height: 32, label: 'Значок вкладки' },
  background: { width: 640, height: 360, label: 'Фон' },
  category: { width: 64, height: 64, label: 'Картинка категории' },
};

/** A picture refused for what it is: 400 with the reason in Russian, and nothing stored. */
export class SiteImageError extends HttpError {
  constructor(message: string) {
    super(400, 'bad_request', message);
    this.name = 'SiteImageError';
  }
}

/** PNG, JPEG or WebP by their first bytes, whatever the request claimed; anything else is refused. */
export function imageFormatOf(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export function variantSizes(slot: SiteImageKind): string[] {
  return variants[slot].map((variant) => variant.size);
}

/**
 * Checks an upload by its content and re-encodes it to WebP at the slot's sizes (metadata dropped,
 * animation flattened to the first frame). Throws a SiteImageError in Russian naming the picture
 * (`label`, when the slot's own name is not enough: which category's picture).
 */
export async function encodeSiteImage(
  slot: SiteImageKind,
  bytes: Buffer,
  label = minimum[slot].label,
): Promise<{ id: string; files: SiteImageFile[] }> {
  const { width: minWidth, height: minHeight } = minimum[slot];
  if (bytes.length === 0) throw new SiteImageError(`${label}: файл пуст`);
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new SiteImageError(`${label}: файл больше 5 МБ`);
  }
  if (!imageFormatOf(bytes)) {
    throw new SiteImageError(
      `${label}: поддерживаются только PNG, JPEG и WebP (SVG не принимается)`,
    );
  }
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let metadata: sharp.Metadata;
  try {
    metadata = await source.metadata();
  } catch {
    throw new SiteImageError(`${label}: файл повреждён или слишком велик (больше 20 мегапикселей)`);
  }
  if ((metadata.width ?? 0) < minWidth || (metadata.height ?? 0) < minHeight) {
    throw new SiteImageError(`${label}: нужно не меньше ${minWidth}×${minHeight} пикселей`);
  }
  const id = createHash('sha256').update(slot).update(bytes).digest('hex').slice(0, 20);
  const files: SiteImageFile[] = [];
  try {
    for (const variant of variants[slot]) {
      // A square is filled (cropped, enlarged if need be) so it is always that square.
      const square = Boolean(variant.width && variant.height);
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({
          width: variant.width,
          height: variant.height,
          fit: square ? 'cover' : 'inside',
          withoutEnlargement: !square,
        })
        .webp({ quality: slot === 'background' ? 72 : 88, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      files.push({
        name: imageFileName(id, slot, variant.size),
        slot,
        contentType: 'image/webp',
        width: info.width,
        height: info.height,
        bytes: data,
      });
    }
  } catch {
    throw new SiteImageError(`${label}: не удалось обработать изображение`);
  }
  return { id, files };
}
