export const vpnTypeDefs = /* GraphQL */ `
  "A platform of the VPN page: its oldest supported system and where its stock OpenVPN client comes from."
  type VpnPlatform {
    "windows, macos, debian, android or ios"
    platform: String!
    minimumVersion: String!
    "installer, package, apk or app_store"
    client: String!
    clientUrl: String!
  }

  "The member's VPN offer (spec sections 1, 4, 5 and 9)."
  type VpnStatus {
    available: Boolean!
    "Why not, when not: no_vpn_plan, vpn_disabled or blocked_country."
    reason: String
    "Without a VPN plan: the upsell rule's offer for the member (vpn), or null when it offers none."
    upsell: String
    platforms: [VpnPlatform!]!
    certificateIssuedAt: String
    certificateExpiresAt: String
  }

  type VpnProfileLinkPayload {
    responseResult: ResponseResult!
    "A signed link to the member's .ovpn, valid until expiresAt."
    url: String
    fileName: String
    expiresAt: String
  }

  extend type MemberQuery {
    "Whether the member may use the VPN here, and its platforms."
    vpn: VpnStatus!
  }

  extend type MemberMutation {
    """
    A signed, expiring download link to the member's OpenVPN profile: a client certificate signed by the
    brand's CA (made on first use). Refused (vpn_not_included, vpn_disabled, vpn_blocked_country)
    without VPN access.
    """
    vpnProfileLink: VpnProfileLinkPayload!
  }
`;
