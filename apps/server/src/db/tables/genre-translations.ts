/* The `genre_translations` table, made by migration 0007-catalog-i18n. */

export interface GenreTranslationsTable {
  genre_id: number;
  locale: string;
  title: string;
}
