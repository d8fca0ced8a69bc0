import { badRequest } from '../../plugins/errors';
import { SiteImageError } from './site-images';
import { SiteSettingsError } from './site-service';

/** A wrong change is refused whole, with the reason in Russian; nothing of it is kept. */
export async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SiteSettingsError || error instanceof SiteImageError) {
      throw badRequest(error.message);
    }
    throw error;
  }
}
