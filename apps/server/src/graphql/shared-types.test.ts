import type { MediaCard, Person, Thumbnail } from '@member/domain';
import { describe, expectTypeOf, it } from 'vitest';

import type {
  Person as CatalogPerson,
  Thumbnail as CatalogThumbnail,
} from '../modules/catalog/catalog.repository';
import type { MediaCardView } from '../modules/catalog/catalog.service';

/*
 * The web reads the member graph API through the shared types of `@member/domain` (decision 019). Until
 * the catalog declares its views with them, this keeps the two the same shape: a field added, renamed or
 * retyped on one side fails the type check here.
 */
describe('the catalog answers with the shared media types', () => {
  it('has the same Thumbnail, Person and MediaCard', () => {
    expectTypeOf<CatalogThumbnail>().toEqualTypeOf<Thumbnail>();
    expectTypeOf<CatalogPerson>().toEqualTypeOf<Person>();
    expectTypeOf<MediaCardView>().toEqualTypeOf<MediaCard>();
  });
});
