import type { TranslationKey } from '../../../lib/i18n';
import type { HomeSlot } from './get-home-slots';

/** The web's names of the slots it knows (a slot it does not know shows the server's title). */
export const SLOT_TITLES: Record<HomeSlot, TranslationKey> = {
  new_releases: 'shelves.slots.new_releases',
  popular: 'shelves.slots.popular',
  staff_picks: 'shelves.slots.staff_picks',
  seasonal_winter: 'shelves.slots.seasonal_winter',
  movie_free: 'shelves.slots.movie_free',
  ebook_free: 'shelves.slots.ebook_free',
  audiobook_free: 'shelves.slots.audiobook_free',
};

export function isKnownSlot(slug: string): slug is HomeSlot {
  return Object.hasOwn(SLOT_TITLES, slug);
}
