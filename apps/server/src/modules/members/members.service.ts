import {
  type Locale,
  type MemberClaims,
  type SubscriptionState,
  currentSubscription,
  greenPoints,
  isLocale,
  isMemberSettableTag,
  memberDisplayName,
  mergeTags,
  subscriptionState,
} from '@member/domain';
import { parseProfile } from '@member/domain/profile';

import type { Kysely } from 'kysely';

import type { MemberAuth, RequestContext } from '../../context';
import type { Database } from '../../db/schema';
import { isoNow, readJson, writeJson } from '../../db/json';
import { badInput, forbidden, notFound } from '../../errors';
import type { AuthService, IssuedMemberToken } from '../auth/auth.service';
import type { EventsService } from '../events/events.service';
import { type MemberSubscription, toMemberSubscription } from './member-subscriptions';
import type { MembersRepository } from './members.repository';
import { newReferenceNumber } from './reference-number';

export interface MemberInfo {
  id: number;
  email: string;
  name: string;
  displayName: string;
  pictureUrl: string | null;
  timezone: string;
  language: Locale;
  tags: string[];
  subscriptionProvider: string;
  accountType: string;
  createdAt: string;
  referenceNumber: string;
  greenPoints: number;
  subscriptions: MemberSubscription[];
  subscription: SubscriptionSummary;
}

/** SubscriptionState plus what the account screen shows of the current subscription. */
export interface SubscriptionSummary extends SubscriptionState {
  planName: string | null;
  nextBillingDate: string | null;
  endDate: string | null;
}

/** The spec's rules (packages/domain) over the member's subscriptions; nothing is decided here. */
export function summarizeSubscriptions(
  subscriptions: readonly MemberSubscription[],
  tags: readonly string[],
): SubscriptionSummary {
  const current = currentSubscription(subscriptions);
  return {
    ...subscriptionState(subscriptions, tags),
    planName: current?.planName ?? null,
    nextBillingDate: current?.nextBillingDate ?? null,
    endDate: current?.endDate ?? null,
  };
}

/** A new member's account, as a paid sign-up gives it. */
export interface NewMemberInput {
  brandId: number;
  /** Normalized by the caller (auth's normalizeEmail). */
  email: string;
  name: string;
  passwordHash: string;
  timezone: string;
  language: string;
  /** The payment provider that bills the member (sandbox, stripe). */
  provider: string;
}

export interface MembersServiceDeps {
  repository: MembersRepository;
  auth: Pick<AuthService, 'reissue'>;
  events: EventsService;
}

export function createMembersService({ repository, auth, events }: MembersServiceDeps) {
  /** The member's reference number, assigned on first use (members made before it existed have none). */
  async function referenceNumber(brandId: number, memberId: number, stored: string | null): Promise<string> {
    if (stored) return stored;
    await repository.assignReferenceNumber(brandId, memberId, newReferenceNumber());
    // Another request may have assigned one first; the stored value is the one that counts.
    const assigned = await repository.findReferenceNumber(brandId, memberId);
    if (!assigned) throw notFound('Member not found');
    return assigned;
  }

  async function info(ctx: RequestContext, member: MemberAuth): Promise<MemberInfo> {
    const brandId = ctx.brand.config.id;
    const [row, subscriptionRows] = await Promise.all([
      repository.findById(brandId, member.claims.id),
      repository.listSubscriptions(brandId, member.claims.id),
    ]);
    if (!row) throw notFound('Member not found');
    const tags = readJson<string[]>(row.tags, []);
    const subscriptions = subscriptionRows.map(toMemberSubscription);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      displayName: memberDisplayName(row),
      pictureUrl: row.avatar_url,
      timezone: row.timezone,
      language: isLocale(row.language) ? row.language : 'en-us',
      tags,
      subscriptionProvider: row.provider,
      accountType: row.account_type,
      createdAt: row.created_at,
      referenceNumber: await referenceNumber(brandId, row.id, row.reference_number),
      // Impacts (the source of green points) arrive with a later issue; until then, the minimum.
      greenPoints: greenPoints(0),
      subscriptions,
      subscription: summarizeSubscriptions(subscriptions, tags),
    };
  }

  /** Saves the interface language (one the brand offers) and re-issues the token with it. */
  async function setLanguage(
    ctx: RequestContext,
    member: MemberAuth,
    language: string,
  ): Promise<IssuedMemberToken> {
    if (!isLocale(language) || !ctx.brand.config.languages.includes(language)) {
      throw badInput(
        `The language "${language.slice(0, 16)}" is not offered on this site.`,
        'unsupported_language',
      );
    }
    const from = member.claims.language;
    await repository.update(ctx.brand.config.id, member.claims.id, { language, updated_at: isoNow() });
    const issued = await auth.reissue(member, ctx.brand.config.id);
    await events.recordServerEvent({ ...ctx, auth: { ...member, claims: issued.claims } }, 'members', {
      action: 'language_changed',
      from,
      to: language,
    });
    return issued;
  }

  /**
   * Saves the profile (name, time zone, language) in one update and re-issues the token with it. Every
   * field is checked before anything is written, so a refused profile leaves the member as it was.
   */
  async function updateProfile(
    ctx: RequestContext,
    member: MemberAuth,
    input: { name: string; timezone: string; language: string },
  ): Promise<IssuedMemberToken> {
    const parsed = parseProfile(input);
    if (!parsed.ok) {
      const first = parsed.issues[0];
      const messages: Record<string, string> = {
        name_too_long: 'The name can be at most 80 characters long.',
        name_control_characters: 'The name cannot contain line breaks or control characters.',
        invalid_timezone: 'Choose a time zone from the list.',
        invalid_language: 'Choose a language from the list.',
      };
      throw badInput(
        parsed.issues.map((issue) => messages[issue.issue]).join(' '),
        first?.issue ?? 'invalid_input',
      );
    }
    const { name, timezone, language } = parsed.profile;
    if (!ctx.brand.config.languages.includes(language)) {
      throw badInput(`The language "${language}" is not offered on this site.`, 'unsupported_language');
    }
    const before = member.claims;
    await repository.update(ctx.brand.config.id, member.claims.id, {
      name,
      timezone,
      language,
      updated_at: isoNow(),
    });
    const issued = await auth.reissue(member, ctx.brand.config.id);
    await events.recordServerEvent({ ...ctx, auth: { ...member, claims: issued.claims } }, 'members', {
      action: 'profile_updated',
      changed: [
        before.name !== name ? 'name' : null,
        before.timezone !== timezone ? 'timezone' : null,
        before.language !== language ? 'language' : null,
      ]
        .filter(Boolean)
        .join(','),
    });
    return issued;
  }

  /** member.setTags: only tags a member may set for themselves; the request is refused whole otherwise. */
  async function setTags(
    ctx: RequestContext,
    member: MemberAuth,
    tags: readonly string[],
  ): Promise<MemberClaims> {
    if (tags.length === 0 || tags.length > 20) throw badInput('Send between 1 and 20 tags.');
    const refused = tags.filter((tag) => !isMemberSettableTag(tag));
    if (refused.length > 0) {
      throw forbidden(
        `These tags cannot be set by a member: ${refused.slice(0, 5).join(', ').slice(0, 200)}`,
        'tag_not_allowed',
      );
    }
    const row = await repository.findById(ctx.brand.config.id, member.claims.id);
    if (!row) throw notFound('Member not found');
    const merged = mergeTags(readJson<string[]>(row.tags, []), tags);
    await repository.update(ctx.brand.config.id, member.claims.id, {
      tags: writeJson(merged),
      updated_at: isoNow(),
    });
    return { ...member.claims, tags: merged };
  }

  /**
   * Creates a member; null when an account of the brand already uses the email. `within` is the
   * caller's transaction, so the member and what it was created for commit together.
   */
  async function createMember(input: NewMemberInput, within?: Kysely<Database>): Promise<number | null> {
    if (await repository.emailTaken(input.brandId, input.email, within)) return null;
    const at = isoNow();
    return repository.insert(
      {
        brand_id: input.brandId,
        email: input.email,
        name: input.name,
        password_hash: input.passwordHash,
        avatar_url: null,
        timezone: input.timezone,
        language: input.language,
        provider: input.provider,
        account_type: 'member',
        tags: writeJson([]),
        recipe: null,
        created_at: at,
        updated_at: at,
      },
      within,
    );
  }

  /**
   * Server-owned tags set when their event happens (the upsell's `upsell_displayed` and `cm_upsell`,
   * decision 032), never on a member's word; in the caller's transaction when it passes one.
   */
  async function addServerTags(
    brandId: number,
    memberId: number,
    tags: readonly string[],
    within?: Kysely<Database>,
  ): Promise<boolean> {
    return repository.addTags(brandId, memberId, (existing) => mergeTags(existing, tags), within);
  }

  /**
   * Adds server-owned tags only while `may` holds for the member's tags, atomically (a compare-and-set
   * on the tags `may` saw): of concurrent callers whose `may` fails once the tags are added, exactly
   * one adds them and is answered true.
   */
  async function addServerTagsIf(
    brandId: number,
    memberId: number,
    tags: readonly string[],
    may: (existing: readonly string[]) => boolean,
  ): Promise<boolean> {
    return repository.addTags(brandId, memberId, (existing) =>
      may(existing) ? mergeTags(existing, tags) : null,
    );
  }

  return {
    info,
    setLanguage,
    updateProfile,
    setTags,
    addServerTags,
    addServerTagsIf,
    createMember,
    emailTaken: (brandId: number, email: string) => repository.emailTaken(brandId, email),
    /** One of the member's subscriptions as member.info shows it, or null. */
    findSubscription: async (brandId: number, memberId: number, id: number) => {
      const row = await repository.findSubscription(brandId, memberId, id);
      return row ? toMemberSubscription(row) : null;
    },
    /** The member's row (for a new session's claims), or undefined outside the brand. */
    findMember: (brandId: number, memberId: number) => repository.findById(brandId, memberId),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
