import type { MemberClaims } from '@member/domain';

import { GRAPH_API_BASE, createTransactionId, isRecord, readJson } from '../../../lib/api-client';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { MEMBER_CLAIMS_SELECTION, assertMemberClaims } from '../../../lib/member-claims';
import { refusalOfRest } from '../../../lib/rest-refusal';

interface ChangeEmailData {
  member: { changeEmail: { responseResult: ResponseResult; member: MemberClaims | null } };
}

const CHANGE_EMAIL_MUTATION = gql<
  ChangeEmailData,
  { input: { newEmail: string; confirmEmail: string; currentPassword: string } }
>(`
  mutation ChangeEmail($input: ChangeEmailInput!) {
    member { changeEmail(input: $input) { ${RESPONSE_RESULT_FIELDS} ${MEMBER_CLAIMS_SELECTION} } }
  }
`);

interface ActionData<K extends string> {
  member: Record<K, { responseResult: ResponseResult }>;
}

const CHANGE_PASSWORD_MUTATION = gql<
  ActionData<'changePassword'>,
  { input: { currentPassword: string; newPassword: string; confirmPassword: string } }
>(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    member { changePassword(input: $input) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

const DEACTIVATE_MUTATION = gql<
  ActionData<'deactivateAccount'>,
  { input: { currentPassword: string; confirm: boolean } }
>(`
  mutation DeactivateAccount($input: DeactivateAccountInput!) {
    member { deactivateAccount(input: $input) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

const CAN_DEACTIVATE_QUERY = gql<{ member: { canDeactivate: boolean } }>(`
  query CanDeactivate { member { canDeactivate } }
`);

/** Saves the new email; the server re-issues the login cookie and returns the new claims. */
export async function changeEmail(input: {
  newEmail: string;
  confirmEmail: string;
  currentPassword: string;
}): Promise<MemberClaims> {
  const { member } = await graphqlRequest(CHANGE_EMAIL_MUTATION, { input });
  assertSucceeded(member.changeEmail.responseResult);
  const claims = member.changeEmail.member;
  assertMemberClaims(claims);
  return claims;
}

export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<void> {
  const { member } = await graphqlRequest(CHANGE_PASSWORD_MUTATION, { input });
  assertSucceeded(member.changePassword.responseResult);
}

export async function canDeactivate(signal?: AbortSignal): Promise<boolean> {
  const { member } = await graphqlRequest(CAN_DEACTIVATE_QUERY, {}, signal ? { signal } : {});
  return member.canDeactivate;
}

export async function deactivateAccount(currentPassword: string): Promise<void> {
  const { member } = await graphqlRequest(DEACTIVATE_MUTATION, { input: { currentPassword, confirm: true } });
  assertSucceeded(member.deactivateAccount.responseResult);
}

/** Uploads a picture (multipart); returns its new URL. Errors carry the server's slug. */
export async function uploadAvatar(file: Blob): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(`${GRAPH_API_BASE}/api/account/avatar`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { 'x-requested-with': 'fetch', 'x-transaction-id': createTransactionId() },
  });
  const json = await readJson(response);
  if (response.ok && isRecord(json) && typeof json.pictureUrl === 'string') return json.pictureUrl;
  throw refusalOfRest(response.status, json, 'upload_failed');
}

const PICTURE_QUERY = gql<{ member: { info: { pictureUrl: string | null } } }>(`
  query MemberPicture { member { info { pictureUrl } } }
`);

export async function getPictureUrl(signal?: AbortSignal): Promise<string | null> {
  const { member } = await graphqlRequest(PICTURE_QUERY, {}, signal ? { signal } : {});
  return member.info.pictureUrl;
}
