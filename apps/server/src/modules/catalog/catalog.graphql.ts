// Catalog types served under the `content` namespace (content.media); see docs/decisions/005.
export const catalogTypeDefs = /* GraphQL */ `
  "Where a thumbnail is served from: origin (the CDN), path, and a cache-busting index."
  type Thumbnail {
    origin: String!
    path: String!
    cacheIndex: Int!
    "The same image in other widths, narrowest first, for srcset (imported covers); empty otherwise."
    sizes: [ThumbnailSize!]!
  }

  "One width of a thumbnail: its path on the thumbnail's origin and its width in pixels (srcset w)."
  type ThumbnailSize {
    width: Int!
    path: String!
  }

  "A person credited on a title (spec section 3)."
  type Person {
    id: Int!
    slug: String!
    title: String!
  }

  "A genre of one media type; subgenres name their parent."
  type Genre {
    id: Int!
    slug: String!
    title: String!
    parent: Genre
  }

  "One broadcast of a stream's live schedule (ISO-8601 UTC times)."
  type LiveEvent {
    title: String!
    startsAt: String!
    endsAt: String
    "upcoming, live or ended: decided by the server from the times when it answers, never stored."
    status: String!
    "Whether the broadcast was recorded: once ended, Play starts its replay."
    hasReplay: Boolean!
  }

  """
  A title of any media type (spec section 3). The common fields are always set; each per-type field is
  null (or an empty list) on types that do not have it:
  music: duration, releaseYear, upc, artists, genres, tracks (each with trackNumber);
  movie: duration, releaseDate, quality, seasonNumber, episodeNumber, language, countryOfOrigin, casts,
  directors, producers, writers, genres, type, episodes, firstEpisode;
  game and software: releaseYear, type, genres;
  audiobook: releaseDate, isbn, language, duration, publisher, copyright, authors, narrators, genres, chapters;
  ebook: releaseDate, isbn, edition, languages, numPages, writers, genres;
  stream: quality, language, countryOfOrigin, liveSchedule.
  Tracks, episodes and chapters are titles themselves, with their own id, duration, people and playbackKey.
  """
  type MediaItem {
    id: Int!
    mediaType: String!
    title: String!
    slug: String!
    description: String!
    thumbnail: Thumbnail!
    is_free: Boolean!
    vendor_id: String
    playbackKey: String
    "Seconds."
    duration: Int
    "ISO date (YYYY-MM-DD)."
    releaseDate: String
    releaseYear: Int
    quality: String
    seasonNumber: Int
    episodeNumber: Int
    language: String
    languages: [String!]!
    countryOfOrigin: String
    upc: String
    isbn: String
    edition: String
    numPages: Int
    publisher: String
    copyright: String
    type: String
    "Order within the parent title (track, episode or chapter number)."
    position: Int
    trackNumber: Int
    artists: [Person!]!
    casts: [Person!]!
    directors: [Person!]!
    producers: [Person!]!
    writers: [Person!]!
    authors: [Person!]!
    narrators: [Person!]!
    "The title's own genres, each with its parent."
    genres: [Genre!]!
    tracks: [MediaItem!]!
    episodes: [MediaItem!]!
    firstEpisode: MediaItem
    chapters: [MediaItem!]!
    liveSchedule: [LiveEvent!]!
    "A stream's status over its schedule (live when a broadcast is on, else upcoming, else ended); null for other types."
    liveStatus: String
  }

  "A title on a shelf, a list page or in search results; content.media answers its detail."
  type MediaCard {
    id: Int!
    mediaType: String!
    title: String!
    slug: String!
    thumbnail: Thumbnail!
    is_free: Boolean!
    releaseDate: String
    releaseYear: Int
    "Seconds."
    duration: Int
    popularity: Int!
    """
    Why the caller cannot open the title, decided by content.media's rules: sign_in_required (a visitor;
    a membership would open it), subscription_required (not in the member's membership) or
    not_available_in_location. Null when it opens.
    """
    lock: String
  }

  "A keyset page: pass nextCursor as after for the next page; null on the last page."
  type MediaPage {
    items: [MediaCard!]!
    nextCursor: String
  }

  enum MediaListOrder {
    NEW_RELEASES
    POPULAR
  }

  "A slot of spec section 3 (free-content slot or home shelf) with its titles in order."
  type Slot {
    id: Int!
    slug: String!
    title: String!
    "The slot's media type, or mixed for home shelves."
    mediaType: String!
    "The slot's properties as JSON text."
    properties: String!
    items: [MediaCard!]!
  }

  "A page of a slot's titles in the slot's order (a shelf's See all): pass nextCursor as after for the next."
  type SlotPage {
    slug: String!
    "The slot's name as the operator wrote it (the web shows its own translation of known slots)."
    title: String!
    "The slot's media type, or mixed for home shelves."
    mediaType: String!
    items: [MediaCard!]!
    nextCursor: String
  }

  "Search results of one media type, best first."
  type SearchGroup {
    mediaType: String!
    items: [MediaCard!]!
    "How many titles of the type match, counted up to 1,000 (countCapped: at least that many); null unless asked (withCounts)."
    count: Int
    countCapped: Boolean!
  }

  "A keyset page of one media type's search results, in the search's order, with the type's count (up to 1,000)."
  type SearchPage {
    items: [MediaCard!]!
    nextCursor: String
    count: Int!
    countCapped: Boolean!
  }
`;
