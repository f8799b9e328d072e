export const marketplaceTypeDefs = /* GraphQL */ `
  "Shop category of spec section 3, named in the member's language."
  type ShopCategory {
    id: Int!
    slug: String!
    name: String!
    productCount: Int!
  }

  type ShopReview {
    id: Int!
    "1 to 5."
    rating: Int!
    text: String!
    authorName: String!
    createdAt: String!
  }

  "Product of spec section 3; prices in integer minor units of currency (the brand's billing currency)."
  type ShopProduct {
    id: Int!
    slug: String!
    name: String!
    description: String!
    categorySlug: String!
    images: [String!]!
    currency: String!
    price: Int!
    "The Champion price (30% off); what a Champion member pays."
    memberPrice: Int!
    "True when the signed-in member is a Champion member and pays memberPrice."
    isMemberPriceApplied: Boolean!
    stock: Int!
    inStock: Boolean!
    shippable: Boolean!
    freeGiftEligible: Boolean!
    "Average rating, one decimal; null without reviews."
    rating: Float
    reviewCount: Int!
  }

  type ShopProductDetail {
    product: ShopProduct!
    reviews: [ShopReview!]!
    "True when the member received this product (a shipped or delivered order) and has not reviewed it yet."
    canReview: Boolean!
    "True when the member has reviewed this product (one review per member)."
    hasReviewed: Boolean!
  }

  type CartLine {
    product: ShopProduct!
    quantity: Int!
    "The member's unit price (the Champion price for Champions), minor units."
    unitPrice: Int!
    lineTotal: Int!
  }

  "The member's cart, kept on the server; quantities bounded by stock, prices recomputed on every read."
  type Cart {
    lines: [CartLine!]!
    "Items in the cart (the header's count)."
    count: Int!
    currency: String!
    subtotal: Int!
    listSubtotal: Int!
    memberSavings: Int!
    isEmpty: Boolean!
  }

  type ShippingOption {
    "standard or express."
    method: String!
    "What this member pays (0: standard shipping for Champions)."
    fee: Int!
    listFee: Int!
  }

  type CheckoutInformation {
    email: String!
    firstName: String!
    lastName: String!
    address: String!
    apartment: String
    city: String!
    region: String!
    postcode: String!
    country: String!
    phone: String!
  }

  "Coins paying part of an order (decision 031): the coins taken, what they pay and what the card pays, minor units."
  type CoinPart {
    coins: Int!
    valueMinor: Int!
    cardMinor: Int!
  }

  "The member's checkout (marketplace/checkout/{step}); step is the furthest step it may show."
  type ShopCheckout {
    id: String!
    "open, paying, placed or sold_out."
    status: String!
    "information, shipping, payment or confirmation."
    step: String!
    information: CheckoutInformation
    shippingMethod: String
    shippingOptions: [ShippingOption!]!
    cart: Cart!
    deliveryFee: Int!
    total: Int!
    currency: String!
    isChampion: Boolean!
    "The order placed once the payment was verified."
    orderId: Int
    failureCode: String
    "The member's coins."
    coinBalance: Int!
    "What the coins would pay of this total if the member uses them (the server decides when paying)."
    coinOffer: CoinPart!
    "Once priced for payment: the coins taken and what they pay (minor units)."
    coinsApplied: Int!
    coinsValueMinor: Int!
  }

  extend type OrderShippingInfo {
    firstName: String
    lastName: String
    apartment: String
    region: String
    phone: String
  }

  extend type MemberOrder {
    "Set once the order shipped."
    tracking: String
    "What was refunded to the card when the order was cancelled, minor units."
    refundedMinor: Int!
    """
    Where a cancelled order's refund stands: pending (owed, not yet accepted by the payment provider),
    succeeded (accepted by the provider, or coins alone, which go back at once) or failed (the provider
    could not return it; support follows up). Null when nothing goes back.
    """
    refundStatus: String
    "Coins that paid part of the order (given back if it is cancelled)."
    coinsApplied: Int!
    "What those coins paid, minor units."
    coinsValueMinor: Int!
  }

  extend type EcommerceQuery {
    listCategories: [ShopCategory!]!
    "Products of a category (or all), optionally only shippable ones; limit 1 to 60 (default 24)."
    products(categorySlug: String, shippableOnly: Boolean, limit: Int, offset: Int): [ShopProduct!]!
    product(id: Int!): ShopProductDetail!
    cart: Cart!
    checkout: ShopCheckout!
    "One of the member's orders."
    order(id: Int!): MemberOrder
  }

  input CheckoutInformationInput {
    email: String!
    address: ShippingAddressInput!
  }

  type CartPayload {
    responseResult: ResponseResult!
    cart: Cart
  }

  type ShopCheckoutPayload {
    responseResult: ResponseResult!
    checkout: ShopCheckout
  }

  type OrderChangePayload {
    responseResult: ResponseResult!
    "What was refunded to the card (cancelOrder), minor units."
    refundedMinor: Int
    "Coins given back to the wallet (cancelOrder)."
    refundedCoins: Int
  }

  type EcommerceMutation {
    "Sets a product's quantity (0 removes it); the server bounds it by stock and reprices the cart."
    setCartQuantity(productId: Int!, quantity: Int!): CartPayload!
    saveCheckoutInformation(input: CheckoutInformationInput!): ShopCheckoutPayload!
    chooseShipping(method: String!): ShopCheckoutPayload!
    """
    Prices the cart and opens the hosted payment page; the order is placed once the payment is verified.
    useCoins: the server takes as many of the member's coins as the total allows and the card pays the rest;
    when coins pay it all the order is placed at once and url is the confirmation. checkoutId: the checkout
    being paid (a repeat of a placed one places nothing). Slugs: cart_empty, checkout_incomplete,
    out_of_stock, insufficient_coins, checkout_closed, checkout_not_found.
    """
    payCheckout(checkoutId: String, useCoins: Boolean): CheckoutPayload!
    cancelOrder(id: Int!): OrderChangePayload!
    changeOrderAddress(id: Int!, address: ShippingAddressInput!): OrderChangePayload!
    addReview(productId: Int!, rating: Int!, text: String!): OrderChangePayload!
  }

  extend type Mutation {
    ecommerce: EcommerceMutation!
  }
`;
