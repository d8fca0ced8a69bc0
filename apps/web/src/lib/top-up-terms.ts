import { pluralRu, type PublicSite } from '@shop/shared';

/** The owner's top-up terms (`site.topUp`): the base bonus percent and the limits in roubles. */
export type TopUpTerms = PublicSite['topUp'];

/** «не менее 21 рубля», «не менее 10 рублей». */
export function notLessThan(roubles: number): string {
  return `не менее ${roubles} ${pluralRu(roubles, ['рубля', 'рублей', 'рублей'])}`;
}

/** «превышать 1 рубль», «превышать 15000 рублей». */
export function notMoreThan(roubles: number): string {
  return `превышать ${roubles} ${pluralRu(roubles, ['рубль', 'рубля', 'рублей'])}`;
}
