import { MAX_REPORT_POSITION, MAX_REPORT_TITLE, type MediaType, isMediaType } from '@member/domain';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

/** A feedback message or problem report the member sent (`member.info.feedbacks`). */
export interface MemberFeedback {
  id: number;
  kind: string;
  mediaType: string | null;
  mediaId: string | null;
  title: string | null;
  positionSeconds: number | null;
  issueIds: number[];
  message: string;
  createdAt: string;
}

const FEEDBACK_FIELDS = 'id kind mediaType mediaId title positionSeconds issueIds message createdAt';

const FEEDBACKS_QUERY = gql<{ member: { info: { feedbacks: MemberFeedback[] } } }>(`
  query MemberFeedbacks { member { info { feedbacks { ${FEEDBACK_FIELDS} } } } }
`);

export async function getFeedbacks(signal?: AbortSignal): Promise<MemberFeedback[]> {
  return (await graphqlRequest(FEEDBACKS_QUERY, {}, signal ? { signal } : {})).member.info.feedbacks;
}

export interface ReportInput {
  kind: 'feedback' | 'problem';
  requestKey: string;
  mediaType?: string | null;
  mediaId?: string | null;
  title?: string | null;
  positionSeconds?: number | null;
  issueIds?: number[];
  message?: string | null;
}

const SUBMIT_REPORT = gql<
  {
    member: { submitReport: { responseResult: ResponseResult; feedback: MemberFeedback | null } };
  },
  { input: ReportInput }
>(`
  mutation SubmitReport($input: ReportInput!) {
    member { submitReport(input: $input) { ${RESPONSE_RESULT_FIELDS} feedback { ${FEEDBACK_FIELDS} } } }
  }
`);

/** Sends a report; the same request key sent again is the same report (a retry never doubles it). */
export async function submitReport(input: ReportInput): Promise<MemberFeedback | null> {
  const { submitReport: payload } = (await graphqlRequest(SUBMIT_REPORT, { input })).member;
  assertSucceeded(payload.responseResult);
  return payload.feedback;
}

/** A fresh key per submission (decision 026: the server stores one report per key). */
export function newRequestKey(): string {
  return crypto.randomUUID();
}

/** What the player's "Report a problem" link carries: `?report=<mediaId>&type=<mediaType>&at=<seconds>&title=<title>`. */
export interface ReportPrefill {
  mediaId: string;
  mediaType: MediaType;
  positionSeconds: number | null;
  title: string | null;
}

/**
 * Reads the pre-fill from the address; anything malformed is dropped rather than trusted (the server
 * checks the report again in any case).
 */
export function readReportPrefill(params: URLSearchParams): ReportPrefill | null {
  const mediaId = (params.get('report') ?? '').trim();
  const mediaType = params.get('type') ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(mediaId) || !isMediaType(mediaType)) return null;
  const at = Number(params.get('at') ?? '');
  const positionSeconds =
    params.get('at') !== null && Number.isFinite(at) && at >= 0 && at <= MAX_REPORT_POSITION
      ? Math.floor(at)
      : null;
  const title = (params.get('title') ?? '').trim().slice(0, MAX_REPORT_TITLE);
  return { mediaId, mediaType, positionSeconds, title: title || null };
}

const FILES = import.meta.glob<unknown>('../../../locales/support/*.json', { import: 'default' });
const supportFile = namespaceFiles('support', FILES);
let pending: Promise<void> | null = null;

/** Loads the namespace once; the same promise every time, so the screen can `use()` it under Suspense. */
export function supportStringsLoaded(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  pending ??= i18n.loadNamespace('support', supportFile).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
