export const menuTypeDefs = /* GraphQL */ `
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
  }
`;
