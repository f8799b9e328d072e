// The home page's featured title (issue 14, item 12), under the content namespace.
export const homeTypeDefs = /* GraphQL */ `
  "The title at the top of the home page, chosen by the server."
  type FeaturedTitle {
    "continue: the member's most recent unfinished title; pick: the day's pick from the brand's shelves."
    reason: String!
    media: MediaItem!
    "The member's saved progress on it (reason continue); null for a pick."
    progress: MediaProgress
  }

  extend type ContentQuery {
    """
    The home page's featured title: the member's most recent unfinished title that plays by itself, else
    one of the brand's featured, staff picks, popular or new releases titles, the same all day for a
    member and different between members; always one the caller may open here (content.media's rules).
    Null when there is none.
    """
    featured: FeaturedTitle
  }
`;
