import { createHash, randomBytes } from 'node:crypto';

import {
  forgotEmailSchema,
  forgotPasswordSchema,
  maskEmail,
  parseCredentials,
  resetPasswordSchema,
} from '@member/domain/account-security';

import type { RequestContext } from '../../context';
import { isoNow } from '../../db/json';
import { AppError, badInput } from '../../errors';
import { hashPassword } from '../auth/passwords';
import { composeMail, mailTexts } from '../mail/mail-texts';
import type { MailService } from '../mail/mail.service';
import type { RecoveryRepository } from './recovery.repository';

/** A reset link works for an hour, once. */
const RESET_KEY_TTL_MS = 60 * 60 * 1000;
const RECOVERY_WINDOW_MS = 60 * 60 * 1000;
/** Per hour: requests from one address, and about one email or card. */
const RECOVERY_LIMITS = {
  forgot_password: { perIp: 10, perSubject: 3 },
  forgot_email: { perIp: 5, perSubject: 3 },
} as const;

type RecoveryKind = keyof typeof RECOVERY_LIMITS;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface RecoveryServiceDeps {
  repository: RecoveryRepository;
  /** The outbox: a reset key's mail is written with the key, the others through `deliver`. */
  mail: Pick<MailService, 'send' | 'deliver'>;
  /**
   * Whether the payment provider reveals a card's first 6 digits (the sandbox does; Stripe never
   * does, so cards saved through Stripe cannot be found by them: decision 010).
   */
  cardDigitsKnown?: boolean;
  now?: () => Date;
}

export function createRecoveryService({
  repository,
  mail: outbox,
  cardDigitsKnown = true,
  now = () => new Date(),
}: RecoveryServiceDeps) {
  /**
   * Records this request, then refuses it (and forgets it) if the address or the subject asked too
   * often; the count includes it and every request committed before, whichever server took it.
   * Answers the request's row id.
   */
  async function limit(ctx: RequestContext, kind: RecoveryKind, subject: string): Promise<number> {
    const at = now();
    const since = isoNow(new Date(at.getTime() - RECOVERY_WINDOW_MS));
    const attempt = await repository.recordAndCountAttempt(
      { brandId: ctx.brand.config.id, kind, ip: ctx.ip, subject, at: isoNow(at) },
      since,
    );
    const limits = RECOVERY_LIMITS[kind];
    if (attempt.byIp > limits.perIp || attempt.bySubject > limits.perSubject) {
      await repository.deleteAttempt(attempt.id);
      throw new AppError(
        'RATE_LIMITED',
        'Too many requests. Please wait an hour and try again.',
        'too_many_attempts',
      );
    }
    return attempt.id;
  }

  /**
   * Forgot password: the same answer, after the same statements, whether or not the email has an
   * account (issue 12: an unknown address answered faster). With an account, a random key (stored
   * hashed, single-use, one hour) is mailed as a link to /reset-password/{key}.
   */
  async function forgotPassword(ctx: RequestContext, input: unknown, origin: string): Promise<void> {
    const parsed = parseCredentials(forgotPasswordSchema, input);
    if (!parsed.ok) throw badInput('Enter a valid email address.', 'invalid_email');
    const { email } = parsed.value;
    const brandId = ctx.brand.config.id;
    const attemptId = await limit(ctx, 'forgot_password', sha256(`${brandId}:${email}`));
    const member = await repository.findMemberByEmail(brandId, email);
    const key = randomBytes(32).toString('base64url');
    const at = now();
    const brandName = ctx.brand.config.name;
    // In the member's stored language (issue 14 item 9); an unknown address gets no mail at all.
    const language = member?.language;
    const mail = {
      kind: 'password_reset',
      ...composeMail(
        language,
        member?.name ?? null,
        mailTexts(language).passwordReset({ brand: brandName, link: `${origin}/reset-password/${key}` }),
      ),
    };
    const mailId = await repository.answerForgotPassword({
      attemptId,
      brandId,
      email,
      keyHash: sha256(key),
      createdAt: isoNow(at),
      expiresAt: isoNow(new Date(at.getTime() + RESET_KEY_TTL_MS)),
      mail,
    });
    if (mailId !== null && member)
      outbox.send(mailId, { to: member.email, subject: mail.subject, text: mail.text });
  }

  /**
   * Tells the old address that the account's email changed (to a masked new address), so a member
   * whose session was stolen learns of it where the thief cannot delete the mail; in the member's
   * stored language.
   */
  async function mailEmailChanged(
    ctx: RequestContext,
    member: { id: number; name: string | null; language?: string | null },
    change: { from: string; to: string },
  ) {
    const content = mailTexts(member.language).emailChanged({
      brand: ctx.brand.config.name,
      maskedTo: maskEmail(change.to),
      support: ctx.brand.config.support.email || null,
    });
    await outbox.deliver({
      brandId: ctx.brand.config.id,
      memberId: member.id,
      kind: 'email_changed',
      to: change.from,
      ...composeMail(member.language, member.name, content),
    });
  }

  /** Tells the member, in their language, that the account's password changed. */
  async function mailPasswordChanged(
    ctx: RequestContext,
    member: { id: number; email: string; name: string | null; language?: string | null },
  ) {
    const content = mailTexts(member.language).passwordChanged({
      brand: ctx.brand.config.name,
      support: ctx.brand.config.support.email || null,
    });
    await outbox.deliver({
      brandId: ctx.brand.config.id,
      memberId: member.id,
      kind: 'password_changed',
      to: member.email,
      ...composeMail(member.language, member.name, content),
    });
  }

  /** Uses a reset key: sets the new password, closes the key (and any other), signs out everywhere. */
  async function resetPassword(ctx: RequestContext, input: unknown): Promise<void> {
    const parsed = parseCredentials(resetPasswordSchema, input);
    if (!parsed.ok) {
      const first = parsed.issues[0];
      if (first?.field === 'key') throw invalidKey();
      throw badInput(`Check the field "${first?.field ?? 'input'}".`, first?.issue ?? 'invalid_input');
    }
    const memberId = await repository.resetPassword(
      ctx.brand.config.id,
      sha256(parsed.value.key),
      await hashPassword(parsed.value.newPassword),
      isoNow(now()),
    );
    if (memberId === null) throw invalidKey();
  }

  /**
   * The reset page's first question (issue 14 item 9): is this link's key still usable? A used,
   * expired, unknown or malformed key is refused with the same `invalid_or_expired_key`, before the
   * member types a new password. It changes nothing; the reset itself checks the key again.
   */
  async function checkResetKey(ctx: RequestContext, input: unknown): Promise<void> {
    const key =
      typeof input === 'object' && input !== null && 'key' in input && typeof input.key === 'string'
        ? input.key
        : '';
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(key)) throw invalidKey();
    if (!(await repository.isResetKeyLive(ctx.brand.config.id, sha256(key), isoNow(now()))))
      throw invalidKey();
  }

  /**
   * Forgot email by card: the first 6 and last 4 digits of a saved card. Answers only masked
   * addresses (`j***@e***.com`), and is rate limited per address and per card.
   */
  async function forgotEmail(ctx: RequestContext, input: unknown): Promise<{ maskedEmails: string[] }> {
    const parsed = parseCredentials(forgotEmailSchema, input);
    if (!parsed.ok)
      throw badInput('Enter the first 6 and last 4 digits of your card.', 'invalid_card_digits');
    const { first6, last4 } = parsed.value;
    const brandId = ctx.brand.config.id;
    await limit(ctx, 'forgot_email', sha256(`${brandId}:${first6}:${last4}`));
    const emails = await repository.findEmailsByCard(brandId, first6, last4);
    if (emails.length === 0 && !cardDigitsKnown) {
      // Cards saved through Stripe carry no first digits; matching on fewer (last 4, brand, expiry)
      // would find strangers' accounts, so the member is pointed to the other ways instead.
      throw new AppError(
        'UNAVAILABLE',
        'Recovery by card is not available on this site. Reset your password by email, or contact support.',
        'card_recovery_unavailable',
      );
    }
    return { maskedEmails: [...new Set(emails.map(maskEmail))] };
  }

  return {
    forgotPassword,
    resetPassword,
    checkResetKey,
    forgotEmail,
    mailEmailChanged,
    mailPasswordChanged,
  };
}

function invalidKey() {
  return badInput('This reset link is not valid any more. Ask for a new one.', 'invalid_or_expired_key');
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
