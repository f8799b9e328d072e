/* The `media_translations` table, made by migration 0007-catalog-i18n. */

/** A title's title and description in one locale; the media_items row is the original. */
export interface MediaTranslationsTable {
  media_id: number;
  locale: string;
  title: string;
  /** Null: the original description. */
  description: string | null;
}
