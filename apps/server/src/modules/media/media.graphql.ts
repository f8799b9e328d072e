// content.startPlayback (issue 4 part 4): playback authorization and signed media URLs.
export const mediaTypeDefs = /* GraphQL */ `
  "The player a playback opens."
  enum PlaybackKind {
    AUDIO
    VIDEO
    LIVE
    EPUB
    GAME
    DOWNLOAD
  }

  """
  A signed, short-lived link to a title's media. url is a path on the media origin
  (/media/s/<expires>/<depth>/<signature>/...); relative URLs inside an HLS playlist or a game's folder
  are covered by the same signature. startSeconds and endSeconds bound a chapter or track within the
  file (null: from the start, to the end).
  """
  type Playback {
    id: Int!
    mediaType: String!
    title: String!
    kind: PlaybackKind!
    url: String!
    mimeType: String!
    startSeconds: Float
    endSeconds: Float
    "ISO-8601 UTC; ask again (startPlayback) after it."
    expiresAt: String!
    vendor_id: String
    "A video's caption tracks (WebVTT sidecars of its file); empty for other kinds."
    textTracks: [TextTrack!]!
    """
    The text of the HLS media playlist url names, for video on demand (a finished playlist of at most
    64 KiB): a player can start fetching the segment it starts in without asking for the playlist.
    Segment URIs in it are relative to url. Null for live streams, master playlists and other files.
    """
    playlist: String
  }

  "A caption track of a video: a signed WebVTT URL, valid as long as the playback's."
  type TextTrack {
    "BCP 47 language tag (en, fr, pt-BR)."
    language: String!
    "captions (what is said and heard, and what is written on screen)."
    kind: String!
    url: String!
  }

  type StartPlaybackPayload {
    responseResult: ResponseResult!
    playback: Playback
  }

  extend type ContentMutation {
    """
    Authorizes playback of a title (a track, episode or chapter by its parent's rules) for the signed-in
    member with the rules of content.media, records a consumptions event with the title's vendor_id and
    answers a signed URL. Refusals in responseResult: slug media_not_found (unknown, another brand's,
    hidden on this device, id below 1), not_available_in_location, subscription_required,
    media_not_playable (no media file), invalid_input (unknown media type).
    """
    startPlayback(mediaType: String!, id: Int!): StartPlaybackPayload!
  }
`;
