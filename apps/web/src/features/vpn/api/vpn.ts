import type { VpnAccessRefusal, VpnPlatformInfo } from '@member/domain';

import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

export interface VpnStatus {
  available: boolean;
  reason: VpnAccessRefusal | null;
  /** The giveaways' upsell rule's offer for a member without the VPN ('vpn'), or null for none. */
  upsell: 'vpn' | null;
  platforms: VpnPlatformInfo[];
  certificateExpiresAt: string | null;
}

const STATUS_QUERY = gql<{ member: { vpn: VpnStatus } }>(`
  query VpnStatus {
    member { vpn { available reason upsell certificateExpiresAt platforms { platform minimumVersion client clientUrl } } }
  }
`);

export async function getVpnStatus(signal?: AbortSignal): Promise<VpnStatus> {
  const { member } = await graphqlRequest(STATUS_QUERY, {}, signal ? { signal } : {});
  return member.vpn;
}

interface LinkData {
  member: {
    vpnProfileLink: { responseResult: ResponseResult; url: string | null; fileName: string | null };
  };
}

const LINK_MUTATION = gql<LinkData>(`
  mutation VpnProfileLink { member { vpnProfileLink { ${RESPONSE_RESULT_FIELDS} url fileName } } }
`);

/** A signed, short-lived link to the member's own `.ovpn` (the server checks access again). */
export async function getVpnProfileLink(): Promise<{ url: string; fileName: string }> {
  const { member } = await graphqlRequest(LINK_MUTATION, {});
  assertSucceeded(member.vpnProfileLink.responseResult);
  const { url, fileName } = member.vpnProfileLink;
  if (!url || !fileName) throw new Error('The server answered without a VPN profile link');
  return { url, fileName };
}

// The VPN page's strings (`vpn.*`) load with the page.
const FILES = import.meta.glob<unknown>('../../../locales/vpn/*.json', { import: 'default' });
const vpnFile = namespaceFiles('vpn', FILES);

export function loadVpnStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('vpn', vpnFile);
}
