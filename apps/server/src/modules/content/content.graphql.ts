export const contentTypeDefs = /* GraphQL */ `
  "Menu item of spec section 3; built-in titles are locale keys such as menu.home or media.movie.title."
  type MenuItem {
    type: String!
    title: String!
    display_area_slug: String!
    icon: String!
    color: String!
    lightColor: String!
    subTextColor: String!
    mainTextColor: String!
    secondaryColor: String!
    submenu_type: String
  }

  type ContentQuery {
    "The main menu for the brand of the request (any caller with a visitor or member token)."
    menuItems(brandId: Int!): [MenuItem!]!
    """
    A title of the request's brand. Null for ids below 1; errors NOT_FOUND (unknown, or game and software
    on iPhone), FORBIDDEN with slug not_available_in_location (by the request's trusted country; the
    country argument is accepted for the spec's signature but never widens access) or
    subscription_required (brand tag content_access:subscription, title neither free nor in a free slot).
    """
    media(mediaType: String!, id: Int!, country: String): MediaItem
  }
`;
