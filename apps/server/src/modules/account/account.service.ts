import { createHash } from 'node:crypto';

import {
  type CredentialFieldIssue,
  canDeactivateAccount,
  changeEmailSchema,
  changePasswordSchema,
  parseCredentials,
} from '@member/domain/account-security';
import { type Address, MAX_ADDRESSES_PER_MEMBER, parseAddress } from '@member/domain/address';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow } from '../../db/json';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { AuthService, IssuedMemberToken } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { EventsService } from '../events/events.service';
import type { RecoveryService } from '../recovery/recovery.service';
import type { AccountRepository, ShippingAddress } from './account.repository';
import { toAvatar } from './avatar-image';

export type { ShippingAddress } from './account.repository';

/** The first refused field, as `invalid_input`-style slug and an English message for API callers. */
function refuse(issues: CredentialFieldIssue[]): never {
  const first = issues[0];
  throw badInput(
    `Check the field "${first?.field ?? 'input'}": ${first?.issue ?? 'invalid'}.`,
    first?.issue ?? 'invalid_input',
  );
}

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Wrong current passwords a member may enter within the window before checks are refused. */
export const PASSWORD_ATTEMPTS_MAX = 5;
export const PASSWORD_ATTEMPTS_WINDOW_MS = 15 * 60 * 1000;

export const avatarUrl = (memberId: number, version: string) =>
  `/membergraphapi/api/avatars/${memberId}/${version}.jpg`;

export interface AccountServiceDeps {
  repository: AccountRepository;
  auth: Pick<AuthService, 'reissue'>;
  events: EventsService;
  /** Mails about credential changes, through the recovery module's outbox. */
  notices: Pick<RecoveryService, 'mailEmailChanged' | 'mailPasswordChanged'>;
  now?: () => Date;
}

export function createAccountService({
  repository,
  auth,
  events,
  notices,
  now = () => new Date(),
}: AccountServiceDeps) {
  const scope = (ctx: RequestContext, member: MemberAuth) => [ctx.brand.config.id, member.claims.id] as const;

  /**
   * The member's row with the current password checked; a wrong password is refused with one slug.
   * After PASSWORD_ATTEMPTS_MAX wrong ones within PASSWORD_ATTEMPTS_WINDOW_MS every check is refused
   * (`too_many_attempts`) until the oldest leaves the window; the count is kept in the database, so it
   * holds across servers.
   */
  async function checkPassword(ctx: RequestContext, member: MemberAuth, password: string, action: string) {
    const [brandId, memberId] = scope(ctx, member);
    const row = await repository.findMember(brandId, memberId);
    if (!row) throw notFound('Member not found');
    const at = now();
    const attempt = await repository.reservePasswordAttempt(
      { brandId, memberId, action, at: isoNow(at) },
      isoNow(new Date(at.getTime() - PASSWORD_ATTEMPTS_WINDOW_MS)),
      PASSWORD_ATTEMPTS_MAX,
    );
    if (attempt === null) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many wrong passwords. Try again in 15 minutes.',
        'too_many_attempts',
      );
    }
    if (!(await verifyPassword(password, row.password_hash))) {
      throw forbidden('The current password is not correct.', 'wrong_password');
    }
    await repository.clearPasswordAttempt(attempt);
    return row;
  }

  /**
   * Changes the email after checking the current password, signs out every other session (whoever
   * holds one may not know the account moved), and tells the old address.
   */
  async function changeEmail(
    ctx: RequestContext,
    member: MemberAuth,
    input: unknown,
  ): Promise<IssuedMemberToken> {
    const parsed = parseCredentials(changeEmailSchema, input);
    if (!parsed.ok) refuse(parsed.issues);
    const { newEmail, currentPassword } = parsed.value;
    const row = await checkPassword(ctx, member, currentPassword, 'change_email');
    if (row.email === newEmail) throw badInput('This is already your email address.', 'email_unchanged');
    const [brandId, memberId] = scope(ctx, member);
    const taken = () =>
      badInput('Another account on this site already uses this email address.', 'email_taken');
    if (await repository.findOtherMemberByEmail(brandId, newEmail, memberId)) throw taken();
    try {
      await repository.updateEmail(brandId, memberId, newEmail, member.sessionId, isoNow(now()));
    } catch (error) {
      // Another account took the address between the check and the update (members_brand_email).
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    const issued = await auth.reissue(member, brandId);
    await events.recordServerEvent({ ...ctx, auth: { ...member, claims: issued.claims } }, 'members', {
      action: 'email_changed',
    });
    await notices.mailEmailChanged(ctx, row, { from: row.email, to: newEmail });
    return issued;
  }

  /** Saves a new password, signs out every other session of the member and tells the member by mail. */
  async function changePassword(ctx: RequestContext, member: MemberAuth, input: unknown): Promise<void> {
    const parsed = parseCredentials(changePasswordSchema, input);
    if (!parsed.ok) refuse(parsed.issues);
    const row = await checkPassword(ctx, member, parsed.value.currentPassword, 'change_password');
    const [brandId, memberId] = scope(ctx, member);
    const at = isoNow(now());
    const saved = await repository.updatePasswordHash(
      brandId,
      memberId,
      row.password_hash,
      await hashPassword(parsed.value.newPassword),
      at,
    );
    if (!saved)
      throw new AppError(
        'BAD_USER_INPUT',
        'The password changed meanwhile; try again.',
        'password_changed_meanwhile',
      );
    await repository.revokeSessions(brandId, memberId, member.sessionId, at);
    await events.recordServerEvent(ctx, 'members', { action: 'password_changed' });
    await notices.mailPasswordChanged(ctx, row);
  }

  async function listAddresses(ctx: RequestContext, member: MemberAuth): Promise<ShippingAddress[]> {
    return repository.listAddresses(...scope(ctx, member));
  }

  async function getAddress(
    ctx: RequestContext,
    member: MemberAuth,
    id: number,
  ): Promise<ShippingAddress | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    return (await repository.findAddress(...scope(ctx, member), id)) ?? null;
  }

  function parseOrRefuse(input: unknown): Address {
    const parsed = parseAddress(input);
    if (parsed.ok) return parsed.address;
    const first = parsed.issues[0];
    throw badInput(
      `Check the field "${first?.field ?? 'address'}": ${first?.issue ?? 'invalid'}.`,
      `address_${first?.field ?? 'invalid'}_${first?.issue ?? 'invalid'}`,
    );
  }

  async function addAddress(
    ctx: RequestContext,
    member: MemberAuth,
    input: unknown,
  ): Promise<ShippingAddress> {
    const address = parseOrRefuse(input);
    const [brandId, memberId] = scope(ctx, member);
    const id = await repository.insertAddress(
      brandId,
      memberId,
      address,
      isoNow(now()),
      MAX_ADDRESSES_PER_MEMBER,
    );
    // The member deleted their account while the address was on its way.
    if (id === undefined) throw notFound('Member not found');
    if (id === 'full') {
      throw badInput(`You can keep at most ${MAX_ADDRESSES_PER_MEMBER} addresses.`, 'too_many_addresses');
    }
    return { id, ...address };
  }

  async function updateAddress(
    ctx: RequestContext,
    member: MemberAuth,
    id: number,
    input: unknown,
  ): Promise<ShippingAddress> {
    const address = parseOrRefuse(input);
    const updated = await repository.updateAddress(...scope(ctx, member), id, address, isoNow(now()));
    if (!updated) throw notFound('This address does not exist.', 'address_not_found');
    return { id, ...address };
  }

  async function deleteAddress(ctx: RequestContext, member: MemberAuth, id: number): Promise<void> {
    if (!(await repository.deleteAddress(...scope(ctx, member), id))) {
      throw notFound('This address does not exist.', 'address_not_found');
    }
  }

  /** Checks, resizes and stores the picture; returns its new URL (changes with every upload). */
  async function setAvatar(ctx: RequestContext, member: MemberAuth, bytes: Buffer): Promise<string> {
    const { data, contentType } = await toAvatar(bytes);
    const version = createHash('sha256').update(data).digest('base64url').slice(0, 16);
    const [brandId, memberId] = scope(ctx, member);
    const url = avatarUrl(memberId, version);
    const saved = await repository.saveAvatar({
      brandId,
      memberId,
      version,
      contentType,
      data: data.toString('base64'),
      url,
      at: isoNow(now()),
    });
    // The member deleted their account while the picture was on its way.
    if (!saved) throw notFound('Member not found');
    return url;
  }

  async function readAvatar(
    brandId: number,
    memberId: number,
    version: string,
  ): Promise<{ contentType: string; data: Buffer } | null> {
    const avatar = await repository.findAvatar(brandId, memberId);
    if (avatar?.version !== version) return null;
    return { contentType: avatar.contentType, data: avatar.data };
  }

  async function deactivationAllowed(ctx: RequestContext, member: MemberAuth): Promise<boolean> {
    const subscriptions = await repository.listSubscriptions(...scope(ctx, member));
    return canDeactivateAccount(member.claims, subscriptions);
  }

  /**
   * Deletes a free or demo account and all its data (spec sections 4 and 6) after an explicit
   * confirmation and the current password. Paying members are refused.
   */
  async function deactivate(
    ctx: RequestContext,
    member: MemberAuth,
    input: { currentPassword: string; confirm: boolean },
  ): Promise<void> {
    if (!input.confirm) {
      throw badInput('Confirm that you want to delete your account.', 'confirmation_required');
    }
    const row = await checkPassword(ctx, member, input.currentPassword, 'deactivate');
    if (!(await deactivationAllowed(ctx, member))) {
      throw forbidden(
        'Accounts with a paid membership cannot be deleted here. Cancel your membership first, or contact support.',
        'paid_membership',
      );
    }
    const deleted = await repository.deleteMember(...scope(ctx, member), row.email);
    if (!deleted) throw notFound('Member not found');
  }

  return {
    changeEmail,
    changePassword,
    listAddresses,
    getAddress,
    addAddress,
    updateAddress,
    deleteAddress,
    setAvatar,
    readAvatar,
    deactivationAllowed,
    deactivate,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
