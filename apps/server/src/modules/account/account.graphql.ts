export const accountTypeDefs = /* GraphQL */ `
  "Shipping address of spec section 3."
  type ShippingAddress {
    id: Int!
    "ISO 3166-1 alpha-2 country code."
    country: String!
    firstName: String!
    lastName: String!
    address: String!
    apartment: String
    city: String!
    "State or region."
    region: String!
    postcode: String!
    phone: String!
  }

  input ShippingAddressInput {
    country: String!
    firstName: String!
    lastName: String!
    address: String!
    "Optional; empty reads as none."
    apartment: String
    city: String!
    region: String!
    postcode: String!
    phone: String!
  }

  type ShippingAddressPayload {
    responseResult: ResponseResult!
    address: ShippingAddress
  }

  type AccountActionPayload {
    responseResult: ResponseResult!
  }

  input ChangeEmailInput {
    newEmail: String!
    confirmEmail: String!
    currentPassword: String!
  }

  input ChangePasswordInput {
    currentPassword: String!
    newPassword: String!
    confirmPassword: String!
  }

  input DeactivateAccountInput {
    currentPassword: String!
    "Must be true: the member confirmed that the account and all its data are deleted."
    confirm: Boolean!
  }

  extend type MemberQuery {
    shippingAddresses: [ShippingAddress!]!
    "Null when the member has no address with this id."
    shippingAddress(id: Int!): ShippingAddress
    "True for a free or demo account, which may delete itself (spec section 6)."
    canDeactivate: Boolean!
  }

  extend type MemberMutation {
    addShippingAddress(input: ShippingAddressInput!): ShippingAddressPayload!
    updateShippingAddress(id: Int!, input: ShippingAddressInput!): ShippingAddressPayload!
    deleteShippingAddress(id: Int!): AccountActionPayload!
    "Needs the current password; the email stays unique on the brand. Re-issues the token."
    changeEmail(input: ChangeEmailInput!): TokenPayload!
    "Needs the current password; signs out every other session."
    changePassword(input: ChangePasswordInput!): AccountActionPayload!
    "Deletes a free or demo account and all its data; refused for paying members."
    deactivateAccount(input: DeactivateAccountInput!): AccountActionPayload!
  }
`;
