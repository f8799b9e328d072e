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
import type { SendMail } from './mailer';
import type { RecoveryRepository } from './recovery.repository';

/** A reset link works for an hour, once. */
export const RESET_KEY_TTL_MS = 60 * 60 * 1000;
export const RECOVERY_WINDOW_MS = 60 * 60 * 1000;
/** Per hour: requests from one address, and about one email or card. */
export const RECOVERY_LIMITS = {
  forgot_password: { perIp: 10, perSubject: 3 },
  forgot_email: { perIp: 5, perSubject: 3 },
} as const;

type RecoveryKind = keyof typeof RECOVERY_LIMITS;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface RecoveryServiceDeps {
  repository: RecoveryRepository;
  /** SMTP delivery when configured; mail always goes to the outbox first. */
  sendMail: SendMail | null;
  /** Called when SMTP delivery fails (logged; the outbox row keeps the error). */
  onMailError?: (error: unknown) => void;
  /**
   * Whether the payment provider reveals a card's first 6 digits (the sandbox does; Stripe never
   * does, so cards saved through Stripe cannot be found by them: decision 010).
   */
  cardDigitsKnown?: boolean;
  now?: () => Date;
}

export function createRecoveryService({
  repository,
  sendMail,
  onMailError = () => undefined,
  cardDigitsKnown = true,
  now = () => new Date(),
}: RecoveryServiceDeps) {
  /** Counts this request, then refuses it if the address or the subject asked too often. */
  async function limit(ctx: RequestContext, kind: RecoveryKind, subject: string) {
    const at = now();
    const brandId = ctx.brand.config.id;
    const since = isoNow(new Date(at.getTime() - RECOVERY_WINDOW_MS));
    const counts = await repository.countAttempts(brandId, kind, since, { ip: ctx.ip, subject });
    const limits = RECOVERY_LIMITS[kind];
    if (counts.byIp >= limits.perIp || counts.bySubject >= limits.perSubject) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many requests. Please wait an hour and try again.',
        'too_many_attempts',
      );
    }
    await repository.recordAttempt({ brandId, kind, ip: ctx.ip, subject, at: isoNow(at) });
  }

  /** Writes the mail to the outbox and, with SMTP configured, sends it without holding up the request. */
  async function deliver(mail: {
    brandId: number;
    memberId: number | null;
    kind: string;
    to: string;
    subject: string;
    text: string;
  }) {
    const id = await repository.insertMail({ ...mail, at: isoNow(now()) });
    if (!sendMail) return;
    void sendMail({ to: mail.to, subject: mail.subject, text: mail.text }).then(
      () => repository.markMailSent(id, isoNow(now())),
      async (error: unknown) => {
        onMailError(error);
        await repository.markMailFailed(id, error instanceof Error ? error.message : String(error));
      },
    );
  }

  /**
   * Forgot password: the same answer whether or not the email has an account. With an account, a
   * random key (stored hashed, single-use, one hour) is mailed as a link to /reset-password/{key}.
   */
  async function forgotPassword(ctx: RequestContext, input: unknown, origin: string): Promise<void> {
    const parsed = parseCredentials(forgotPasswordSchema, input);
    if (!parsed.ok) throw badInput('Enter a valid email address.', 'invalid_email');
    const { email } = parsed.value;
    const brandId = ctx.brand.config.id;
    await limit(ctx, 'forgot_password', sha256(`${brandId}:${email}`));
    const member = await repository.findMemberByEmail(brandId, email);
    if (!member) return;
    const key = randomBytes(32).toString('base64url');
    const at = now();
    await repository.insertResetKey({
      brandId,
      memberId: member.id,
      keyHash: sha256(key),
      createdAt: isoNow(at),
      expiresAt: isoNow(new Date(at.getTime() + RESET_KEY_TTL_MS)),
    });
    const link = `${origin}/reset-password/${key}`;
    const brandName = ctx.brand.config.name;
    await deliver({
      brandId,
      memberId: member.id,
      kind: 'password_reset',
      to: member.email,
      subject: `${brandName}: reset your password`,
      text: [
        `Hello${member.name ? ` ${member.name}` : ''},`,
        '',
        `Someone asked to reset the password of your ${brandName} account. To choose a new password, open this link within one hour:`,
        '',
        link,
        '',
        'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
      ].join('\n'),
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
    forgotEmail,
    listOutbox: (brandId: number) => repository.listOutbox(brandId, 50),
  };
}

function invalidKey() {
  return badInput('This reset link is not valid any more. Ask for a new one.', 'invalid_or_expired_key');
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
