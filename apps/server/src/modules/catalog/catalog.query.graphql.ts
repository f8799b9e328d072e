/** The catalog's fields of the content namespace (the namespace itself is the menu module's). */
export const catalogQueryTypeDefs = /* GraphQL */ `
  extend type ContentQuery {
    """
    A title of the request's brand. Null for ids below 1; errors NOT_FOUND (unknown, or game and software
    on iPhone), FORBIDDEN with slug not_available_in_location (by the request's trusted country; the
    country argument is accepted for the spec's signature but never widens access) or
    subscription_required (brand tag content_access:subscription, title neither free nor in a free slot).
    """
    media(mediaType: String!, id: Int!, country: String): MediaItem
    """
    The brand's stream whose slug a live page's URL names (browse/stream/live/{slug}), answered and guarded
    as content.media answers its id; the newest stream when several share the slug. Errors NOT_FOUND when
    the brand has no stream with it.
    """
    liveStream(slug: String!): MediaItem
    """
    The brand's slots named by tags (slot slugs: movie_free, ebook_free, audiobook_free, new_releases,
    popular, staff_picks, seasonal_winter...), in the order asked, each with up to first titles (capped
    at 100; the home page asks for 12 and its shelves' See all pages for the rest); one SQL statement.
    Titles hidden on this device (game, software on iPhone) or unplayable in the request's country are
    left out.
    """
    slotsWithTags(tags: [String!]!, first: Int = 24): [Slot!]!
    """
    One keyset page of the brand's slot named by slug (a home shelf's See all), in the slot's order, with
    the visibility of slotsWithTags; first is capped at 100. Null when the brand has no such slot;
    BAD_USER_INPUT (invalid_slot) for a malformed slug, invalid_cursor for a bad after.
    """
    slot(slug: String!, after: String, first: Int = 24): SlotPage
    """
    Top-level titles of a media type, newest or most popular first, or newest first within a genre and
    its subgenres (genreId). Keyset pages: first is capped at 100; after is a nextCursor. Same
    visibility as content.media (empty on iPhone for game and software; titles not playable in the
    request's country left out); the subscription access tag does not shorten lists, it refuses the
    detail (subscription_required).
    """
    list(
      mediaType: String!
      order: MediaListOrder = NEW_RELEASES
      genreId: Int
      after: String
      first: Int = 24
    ): MediaPage!
    "Genres of a media type that hold titles of the brand, each with its parent."
    genres(mediaType: String!): [Genre!]!
    """
    Full-text search over titles, people and descriptions (accent- and case-insensitive prefixes), grouped
    by media type; first is per type (default 10, at most 50). withCounts adds each type's count of
    matches, counted up to 1,000.
    """
    search(query: String!, first: Int, withCounts: Boolean = false): [SearchGroup!]!
    """
    One media type's search results a keyset page at a time, in the order of content.search (title
    matches first): first is capped at 100; after is a nextCursor (BAD_USER_INPUT invalid_cursor otherwise).
    """
    searchPage(query: String!, mediaType: String!, after: String, first: Int = 24): SearchPage!
  }
`;
