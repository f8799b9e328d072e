export const ordersTypeDefs = /* GraphQL */ `
  "A product of an order; prices in integer minor units of the order's currency."
  type OrderProduct {
    productId: String!
    name: String!
    quantity: Int!
    unitPrice: Int!
    image: String
  }

  type OrderShippingInfo {
    name: String
    address: String
    city: String
    postcode: String
    country: String
    method: String
  }

  "Order of spec section 3; amounts in integer minor units of currency."
  type MemberOrder {
    id: Int!
    reference: String!
    status: String!
    createdAt: String!
    currency: String!
    products: [OrderProduct!]!
    shippingInfo: OrderShippingInfo!
    subtotal: Int!
    deliveryFee: Int!
    orderTotal: Int!
    freeGift: String
  }

  type EcommerceQuery {
    "The signed-in member's orders on this brand, newest first."
    getMemberOrders: [MemberOrder!]!
  }

  extend type Query {
    ecommerce: EcommerceQuery!
  }
`;
