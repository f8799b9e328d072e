// Bookmarks in audiobooks and books (issue 14 item 11, decision 037).
export const bookmarksTypeDefs = /* GraphQL */ `
  """
  A place the member marked in an audiobook or a book, kept on the server (any device). position is
  seconds in an audiobook and the fraction read (0..1) in a book, whose EPUB CFI is location.
  """
  type Bookmark {
    id: Int!
    mediaType: String!
    "The title's media id."
    mediaId: Int!
    position: Float!
    location: String
    name: String!
    createdAt: String!
  }

  type BookmarkPayload {
    responseResult: ResponseResult!
    "The bookmark as it is after the change; null when it failed."
    bookmark: Bookmark
  }

  """
  mediaType: audiobook or ebook. position: seconds within the audiobook, or the fraction read with the
  book's EPUB CFI as location. name: 1 to 80 characters once trimmed, no control characters. A bookmark
  at a place already marked answers that bookmark.
  """
  input AddBookmarkInput {
    mediaType: String!
    id: Int!
    position: Float!
    location: String
    name: String!
  }

  input RenameBookmarkInput {
    bookmarkId: Int!
    name: String!
  }

  input DeleteBookmarkInput {
    bookmarkId: Int!
  }

  extend type ContentQuery {
    "The member's bookmarks in a title, in the order of the book (members only; none for other types)."
    bookmarks(mediaType: String!, id: Int!): [Bookmark!]!
  }

  extend type ContentMutation {
    """
    Adds a bookmark (at most 100 per title). Refusals in responseResult: slug bookmarks_not_supported,
    media_not_found, invalid_media_id, invalid_position, invalid_location, bookmark_name_required,
    bookmark_name_too_long, bookmark_name_invalid, bookmarks_full.
    """
    addBookmark(input: AddBookmarkInput!): BookmarkPayload!
    "Renames one of the member's bookmarks (bookmark_not_found, or a name refusal as addBookmark's)."
    renameBookmark(input: RenameBookmarkInput!): BookmarkPayload!
    "Deletes one of the member's bookmarks (bookmark_not_found when it is not there)."
    deleteBookmark(input: DeleteBookmarkInput!): LibraryPayload!
  }
`;
