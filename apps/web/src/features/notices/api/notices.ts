import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

/** The migration-to-brand notice as the server decided it for this member. */
export interface BrandMoveNotice {
  name: string;
  url: string;
  host: string;
  /** Not closed yet: shown (once). */
  show: boolean;
}

const NOTICE_QUERY = gql<{ member: { brandMove: BrandMoveNotice | null } }>(`
  query BrandMove { member { brandMove { name url host show } } }
`);

export async function getBrandMove(signal?: AbortSignal): Promise<BrandMoveNotice | null> {
  const { member } = await graphqlRequest(NOTICE_QUERY, {}, signal ? { signal } : {});
  return member.brandMove;
}

const ACKNOWLEDGE = gql<{ member: { acknowledgeBrandMove: { responseResult: ResponseResult } } }>(`
  mutation AcknowledgeBrandMove { member { acknowledgeBrandMove { ${RESPONSE_RESULT_FIELDS} } } }
`);

/** Records that the member has seen the notice, so the server does not show it again. */
export async function acknowledgeBrandMove(): Promise<void> {
  const { member } = await graphqlRequest(ACKNOWLEDGE, {});
  assertSucceeded(member.acknowledgeBrandMove.responseResult);
}

const FILES = import.meta.glob<unknown>('../../../locales/notices/*.json', { import: 'default' });
const noticesFile = namespaceFiles('notices', FILES);

export function loadNoticesStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('notices', noticesFile);
}
