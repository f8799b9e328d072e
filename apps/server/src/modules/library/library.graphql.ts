export const libraryTypeDefs = /* GraphQL */ `
  """
  A collection or history entry (spec section 3). id and type name the title; title, artist (the first
  of artists, authors, writers, directors), duration (seconds) and thumbnail are the catalog's values
  when the entry was written.
  """
  type LibraryEntry {
    id: Int!
    type: String!
    title: String!
    duration: Int
    artist: String
    thumbnail: Thumbnail!
    addedAt: String!
  }

  "A track of a playlist; id is the track's media id."
  type PlaylistTrack {
    id: Int!
    title: String!
    duration: Int
    artist: String
    albumTitle: String
    thumbnail: Thumbnail!
    addedAt: String!
  }

  type Playlist {
    id: Int!
    name: String!
    "In the member's order."
    tracks: [PlaylistTrack!]!
    createdAt: String!
    updatedAt: String!
  }

  """
  How far the member got: progress is seconds for time-based media and the fraction read (0..1) for an
  ebook, whose EPUB CFI is position. finished is decided by the server.
  """
  type MediaProgress {
    progress: Float!
    position: String
    finished: Boolean!
    updatedAt: String!
  }

  "A title the member started and has not finished."
  type ContinueEntry {
    media: MediaCard!
    progress: Float!
    position: String
    updatedAt: String!
  }

  extend type ContentQuery {
    "The member's saved titles, newest first (members only)."
    collection: [LibraryEntry!]!
    "The member's played titles, most recent first; the oldest beyond 500 are dropped."
    history: [LibraryEntry!]!
    "The member's playlists, newest first, each with its tracks."
    playlists: [Playlist!]!
    "One of the member's playlists; null when the member has none with this id."
    playlist(id: Int!): Playlist
    "The member's saved progress on a title; null when none (or for ids below 1)."
    progress(mediaType: String!, id: Int!): MediaProgress
    "In-progress, unfinished titles, most recent first; first defaults to 12, at most 50."
    continueList(first: Int): [ContinueEntry!]!
  }

  type LibraryPayload {
    responseResult: ResponseResult!
  }

  type PlaylistPayload {
    responseResult: ResponseResult!
    "The playlist as it is after the change; null when it failed."
    playlist: Playlist
  }

  "name: 1 to 100 characters once trimmed, no control characters."
  input CreatePlaylistInput {
    name: String!
  }

  input RenamePlaylistInput {
    playlistId: Int!
    name: String!
  }

  input DeletePlaylistInput {
    playlistId: Int!
  }

  "trackId: the media id of a music track of the brand (an album's tracks are added one by one)."
  input PlaylistTrackInput {
    playlistId: Int!
    trackId: Int!
  }

  "trackIds: every track of the playlist exactly once, in the new order."
  input ReorderPlaylistInput {
    playlistId: Int!
    trackIds: [Int!]!
  }

  """
  The member's library changes (spec section 7). Expected failures answer in responseResult: slug
  media_not_found, not_available_in_location, subscription_required, collection_full, entry_not_found,
  playlist_not_found, playlist_name_required, playlist_name_too_long, playlist_name_invalid,
  playlists_full, playlist_full, not_a_track, track_not_found, order_mismatch, invalid_progress,
  progress_not_tracked, invalid_position, invalid_media_type, invalid_media_id.
  """
  type ContentMutation {
    """
    Records a play: the title (verified in the brand and visible to the member) moves to the top of the
    history. title, artist, duration and thumbnail are accepted for the spec's signature; the catalog's
    values are stored.
    """
    addToHistory(
      type: String!
      id: Int!
      title: String
      artist: String
      duration: Int
      thumbnail: String
    ): LibraryPayload!
    removeFromHistory(type: String!, id: Int!): LibraryPayload!
    removeAllFromHistory: LibraryPayload!
    "Saves a title (at most 1000); saving it again keeps the one entry. Same arguments as addToHistory."
    addToCollection(
      type: String!
      id: Int!
      title: String
      artist: String
      duration: Int
      thumbnail: String
    ): LibraryPayload!
    removeFromCollection(type: String!, id: Int!): LibraryPayload!
    """
    Saves progress: seconds for time-based media (clamped to the title's length), a fraction 0..1 for
    an ebook with its EPUB CFI as position. One row per title; the last write wins.
    """
    updateMediaProgress(id: Int!, mediaType: String!, progress: Float!, position: String): LibraryPayload!
    "At most 100 playlists per member."
    createPlaylist(input: CreatePlaylistInput!): PlaylistPayload!
    renamePlaylist(input: RenamePlaylistInput!): PlaylistPayload!
    deletePlaylist(input: DeletePlaylistInput!): LibraryPayload!
    "Appends a track (at most 500 per playlist); a track already there stays where it is."
    addPlaylistTrack(input: PlaylistTrackInput!): PlaylistPayload!
    removePlaylistTrack(input: PlaylistTrackInput!): PlaylistPayload!
    reorderPlaylist(input: ReorderPlaylistInput!): PlaylistPayload!
  }

  extend type Mutation {
    content: ContentMutation!
  }
`;
