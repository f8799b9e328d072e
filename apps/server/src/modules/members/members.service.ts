import {
  type Locale,
  type MemberClaims,
  isLocale,
  isMemberSettableTag,
  memberDisplayName,
  mergeTags,
} from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow, readJson, writeJson } from '../../db/json';
import { badInput, forbidden, notFound } from '../../errors';
import type { AuthService, IssuedMemberToken } from '../auth/auth.service';
import type { EventsService } from '../events/events.service';
import type { MembersRepository } from './members.repository';

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
}

export interface MembersServiceDeps {
  repository: MembersRepository;
  auth: Pick<AuthService, 'reissue'>;
  events: EventsService;
}

export function createMembersService({ repository, auth, events }: MembersServiceDeps) {
  async function info(ctx: RequestContext, member: MemberAuth): Promise<MemberInfo> {
    const row = await repository.findById(ctx.brand.config.id, member.claims.id);
    if (!row) throw notFound('Member not found');
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      displayName: memberDisplayName(row),
      pictureUrl: row.avatar_url,
      timezone: row.timezone,
      language: isLocale(row.language) ? row.language : 'en-us',
      tags: readJson<string[]>(row.tags, []),
      subscriptionProvider: row.provider,
      accountType: row.account_type,
      createdAt: row.created_at,
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

  return { info, setLanguage, setTags };
}

export type MembersService = ReturnType<typeof createMembersService>;
