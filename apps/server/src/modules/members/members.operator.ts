import { randomBytes } from 'node:crypto';

import { MAX_TAG_LENGTH } from '@member/domain';

import { readJson, writeJson } from '../../db/json';
import { badInput, notFound } from '../../errors';
import { hashPassword } from '../auth/passwords';
import type { BrandsRepository } from '../brands/brands.repository';
import type { MembersOperatorRepository } from './members.operator.repository';

const TAG = /^[A-Za-z0-9_.:-]+$/;

export interface OperatorMember {
  id: number;
  email: string;
  name: string;
  tags: string[];
  createdAt: string;
  /** Set while an operator has deactivated the member (decision 034). */
  deactivatedAt: string | null;
  deactivationReason: string | null;
}

/**
 * What an operator does to members from the command line (`npm run admin -- member:*`): find, tag,
 * untag, reset a password. Each names the brand by slug and the member by email, as support does.
 */
export function createMembersOperator(repository: MembersOperatorRepository, brands: BrandsRepository) {
  async function brandId(slug: string): Promise<number> {
    const brand = await brands.findBySlug(slug);
    if (!brand) throw notFound(`No brand "${slug}"`, 'brand_not_found');
    return brand.id;
  }
  async function member(slug: string, email: string) {
    const row = await repository.findByEmail(await brandId(slug), email.trim());
    if (!row) throw notFound(`No member ${email} in ${slug}`, 'member_not_found');
    return row;
  }
  const view = (row: {
    id: number;
    email: string;
    name: string;
    tags: string;
    created_at: string;
    deactivated_at: string | null;
    deactivation_reason: string | null;
  }): OperatorMember => ({
    id: row.id,
    email: row.email,
    name: row.name,
    tags: readJson<string[]>(row.tags, []),
    createdAt: row.created_at,
    deactivatedAt: row.deactivated_at,
    deactivationReason: row.deactivation_reason,
  });
  function checkTags(tags: string[]): string[] {
    const clean = [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
    if (clean.length === 0) throw badInput('Give at least one tag', 'tag_required');
    const bad = clean.filter((tag) => tag.length > MAX_TAG_LENGTH || !TAG.test(tag));
    if (bad.length > 0) throw badInput(`Not a tag: ${bad.join(', ').slice(0, 200)}`, 'invalid_tag');
    return clean;
  }

  return {
    async find(slug: string, text: string, limit = 50): Promise<OperatorMember[]> {
      if (text.trim().length < 2) throw badInput('Search with at least 2 characters', 'query_too_short');
      const rows = await repository.search(
        await brandId(slug),
        text.trim(),
        Math.min(Math.max(limit, 1), 500),
      );
      return rows.map(view);
    },
    async tag(slug: string, email: string, tags: string[]): Promise<OperatorMember> {
      const added = checkTags(tags);
      const row = await member(slug, email);
      const merged = [...new Set([...readJson<string[]>(row.tags, []), ...added])];
      await repository.setTags(row.id, writeJson(merged));
      return { ...view(row), tags: merged };
    },
    async untag(slug: string, email: string, tags: string[]): Promise<OperatorMember> {
      const removed = new Set(checkTags(tags));
      const row = await member(slug, email);
      const kept = readJson<string[]>(row.tags, []).filter((tag) => !removed.has(tag));
      await repository.setTags(row.id, writeJson(kept));
      return { ...view(row), tags: kept };
    },
    /**
     * A new random password (shown once to the operator, for the member), every session ended. The
     * member can change it after signing in, or ask for a reset mail.
     */
    async resetPassword(slug: string, email: string): Promise<{ password: string; sessionsEnded: number }> {
      const row = await member(slug, email);
      const password = randomBytes(12).toString('base64url');
      const sessionsEnded = await repository.setPassword(row.id, await hashPassword(password));
      return { password, sessionsEnded };
    },
    /**
     * An operator's deactivation (decision 034): the member cannot sign in (`account_deactivated`),
     * every session ends, and running subscriptions are canceled at the end of their paid period, all
     * in one transaction. The account and its records stay; `reactivate` lifts it (subscriptions stay
     * canceled: the member restarts one from the account, as after any cancellation). Deleting an
     * account stays the member's own action (the account page).
     */
    async deactivate(
      slug: string,
      email: string,
      reason: string,
    ): Promise<{ sessionsEnded: number; subscriptionsCanceled: number }> {
      const why = reason.trim();
      if (why.length < 3 || why.length > 500) {
        throw badInput('Give the reason in 3 to 500 characters', 'reason_required');
      }
      const row = await member(slug, email);
      const done = await repository.deactivate(row.id, why);
      if (!done) throw badInput(`${email} is already deactivated`, 'already_deactivated');
      return done;
    },
    async reactivate(slug: string, email: string): Promise<void> {
      const row = await member(slug, email);
      if (!(await repository.reactivate(row.id))) {
        throw badInput(`${email} is not deactivated`, 'not_deactivated');
      }
    },
  };
}

export type MembersOperator = ReturnType<typeof createMembersOperator>;
