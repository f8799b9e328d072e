import { z } from 'zod';

import { sha256Bytes, sha256Hex } from './sha256';
import { parseTag, tagValue } from './tag-values';
import { rawLengthLimit } from './text-bounds';

/*
 * Giveaways (sweepstakes), spec sections 1, 4, 5, 6 and 9: where they are allowed, the state of a
 * card, Eastern-time monthly draw periods, rollover, the auditable weighted draw and the postal entry.
 */

// ---------------------------------------------------------------------------------------------------
// Constants (spec section 9)

/** Countries where giveaways are never offered (from the request's country). */
export const SWEEP_BLOCKED_COUNTRIES: readonly string[] = ['CA', 'NL', 'AE', 'GB', 'UK'];
/** A period is drawn only with at least this many unique entrants; otherwise its entries roll over. */
export const MIN_UNIQUE_ENTRANTS = 3000;
/** Winners are announced within this many days of the period's close. */
export const WINNER_ANNOUNCE_DAYS = 7;
/** A past giveaway stays visible this long after its winner is selected. */
export const PAST_VISIBLE_HOURS = 72;
/** Active members get this many free entries per calendar month (Eastern) on monthly-exclusive giveaways. */
export const FREE_ENTRIES_PER_MONTH = 1;
export const MINIMUM_ENTRANT_AGE = 18;
/** Winner modals are shown one after another, this far apart. */
export const WINNER_MODAL_DELAY_MS = 300;
/** A winner has this many days to claim before an alternate is drawn. */
export const CLAIM_DEADLINE_DAYS = 14;
/** Most entries one purchase may buy (hostile input bound). */
export const MAX_ENTRIES_PER_PURCHASE = 10_000;

// ---------------------------------------------------------------------------------------------------
// Enablement (spec section 5)

export type SweepsDisabledReason = 'blocked_country' | 'disabled_by_tag' | 'not_enabled';
export type SweepsEnablement = { enabled: true } | { enabled: false; reason: SweepsDisabledReason };

function hasTag(tags: readonly string[], name: string, value?: string): boolean {
  return tags.some((tag) => {
    const parsed = parseTag(tag);
    return parsed.name === name && (value === undefined || parsed.value.toLowerCase() === value);
  });
}

/**
 * Disabled in a blocked country or with `sweep_features:disabled` (on the member or the brand);
 * enabled by the brand tag `sweeps_for_all`, or by the member tag `sweepsattack:enable` together with
 * the brand tag `sweeps`; otherwise not enabled.
 */
export function sweepsEnablement(input: {
  countryCode: string | null | undefined;
  memberTags: readonly string[];
  brandTags: readonly string[];
}): SweepsEnablement {
  const country = (input.countryCode ?? '').trim().toUpperCase();
  if (SWEEP_BLOCKED_COUNTRIES.includes(country)) return { enabled: false, reason: 'blocked_country' };
  const featureValue = (tags: readonly string[]) => tagValue(tags, 'sweep_features')?.toLowerCase();
  if (featureValue(input.memberTags) === 'disabled' || featureValue(input.brandTags) === 'disabled') {
    return { enabled: false, reason: 'disabled_by_tag' };
  }
  if (hasTag(input.brandTags, 'sweeps_for_all')) return { enabled: true };
  if (hasTag(input.memberTags, 'sweepsattack', 'enable') && hasTag(input.brandTags, 'sweeps')) {
    return { enabled: true };
  }
  return { enabled: false, reason: 'not_enabled' };
}

// ---------------------------------------------------------------------------------------------------
// US Eastern time, computed from the US rule (since 2007: daylight time from 2:00 on the second Sunday
// of March to 2:00 on the first Sunday of November) so that every runtime agrees.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The UTC day-of-month of the nth Sunday of a month (month 1-12). */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

/** Minutes east of UTC in US Eastern time at this instant: -240 (EDT) or -300 (EST). */
export function easternOffsetMinutes(instant: Date): number {
  const year = instant.getUTCFullYear();
  // 2:00 EST = 07:00 UTC; 2:00 EDT = 06:00 UTC.
  const dstStart = Date.UTC(year, 2, nthSunday(year, 3, 2), 7);
  const dstEnd = Date.UTC(year, 10, nthSunday(year, 11, 1), 6);
  const t = instant.getTime();
  return t >= dstStart && t < dstEnd ? -240 : -300;
}

export interface EasternParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export function easternParts(instant: Date): EasternParts {
  const local = new Date(instant.getTime() + easternOffsetMinutes(instant) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** The instant of an Eastern wall-clock time (never inside a DST gap at the times used here). */
export function easternWallTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const guess = new Date(asUtc + 300 * 60_000);
  return new Date(asUtc - easternOffsetMinutes(guess) * 60_000);
}

/** A monthly draw period, keyed `YYYY-MM` (Eastern calendar month). */
export interface DrawPeriod {
  key: string;
  /** 12:01 a.m. Eastern on the first day. */
  opensAt: Date;
  /** 11:59 p.m. Eastern on the last day. */
  closesAt: Date;
  /** 12:00 a.m. Eastern on the first of the next month: every instant before it belongs to this period. */
  endsBefore: Date;
}

const PERIOD_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isPeriodKey(key: string): boolean {
  return PERIOD_KEY.test(key);
}

export function periodFromKey(key: string): DrawPeriod {
  const match = PERIOD_KEY.exec(key);
  if (!match) throw new RangeError(`not a period key: ${key}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return {
    key,
    opensAt: easternWallTime(year, month, 1, 0, 1),
    closesAt: easternWallTime(year, month, lastDay, 23, 59),
    endsBefore: easternWallTime(nextYear, nextMonth, 1, 0, 0),
  };
}

/**
 * The period an instant belongs to: its Eastern calendar month. The two minutes between 11:59 p.m. and
 * 12:01 a.m. belong to the month they fall in, so no entry is ever outside a period.
 */
export function drawPeriodAt(instant: Date): DrawPeriod {
  const { year, month } = easternParts(instant);
  return periodFromKey(`${year}-${String(month).padStart(2, '0')}`);
}

export function nextPeriodKey(key: string): string {
  const period = periodFromKey(key);
  return drawPeriodAt(period.endsBefore).key;
}

/** The last instant a winner may be announced for a period. */
export function announceDeadline(period: DrawPeriod): Date {
  return new Date(period.endsBefore.getTime() + WINNER_ANNOUNCE_DAYS * DAY);
}

// ---------------------------------------------------------------------------------------------------
// Card state (spec section 4)

export const SWEEP_CARD_STATES = [
  'winner',
  'winner_claimed',
  'loser',
  'drawing',
  'entered',
  'active',
  'monthly_exclusive',
  'future',
] as const;
export type SweepCardState = (typeof SWEEP_CARD_STATES)[number];

export interface SweepTiming {
  startDate: Date;
  endDate: Date;
  /** When the winner was selected (null before the draw). */
  winnerSelectedAt: Date | null;
  monthlyExclusive: boolean;
}

export interface MemberSweepView {
  entries: number;
  isWinner: boolean;
  claimed: boolean;
}

export function sweepCardState(sweep: SweepTiming, member: MemberSweepView, now: Date): SweepCardState {
  if (sweep.winnerSelectedAt && sweep.winnerSelectedAt.getTime() <= now.getTime()) {
    if (member.isWinner) return member.claimed ? 'winner_claimed' : 'winner';
    return 'loser';
  }
  if (now.getTime() < sweep.startDate.getTime()) return 'future';
  if (now.getTime() >= sweep.endDate.getTime()) return 'drawing';
  if (member.entries > 0) return sweep.monthlyExclusive ? 'monthly_exclusive' : 'entered';
  return 'active';
}

/** A past giveaway is listed until 72 hours after its winner is selected; a won, unclaimed one stays. */
export function isSweepListed(sweep: SweepTiming, member: MemberSweepView, now: Date): boolean {
  if (!sweep.winnerSelectedAt) return true;
  if (member.isWinner && !member.claimed) return true;
  return now.getTime() < sweep.winnerSelectedAt.getTime() + PAST_VISIBLE_HOURS * HOUR;
}

export const SWEEP_TABS = ['all', 'entered', 'active', 'future', 'past'] as const;
export type SweepTab = (typeof SWEEP_TABS)[number];

export function sweepTabs(state: SweepCardState, entries: number): SweepTab[] {
  const tabs: SweepTab[] = ['all'];
  if (entries > 0 || state === 'monthly_exclusive' || state === 'entered') tabs.push('entered');
  if (state === 'active' || state === 'entered' || state === 'monthly_exclusive') tabs.push('active');
  if (state === 'future') tabs.push('future');
  if (state === 'drawing' || state === 'winner' || state === 'winner_claimed' || state === 'loser') {
    tabs.push('past');
  }
  return tabs;
}

/** Entries are sold between start_available_date and end_available_date (end exclusive). */
export function isOnSale(sweep: { startAvailableDate: Date; endAvailableDate: Date }, now: Date): boolean {
  return (
    now.getTime() >= sweep.startAvailableDate.getTime() && now.getTime() < sweep.endAvailableDate.getTime()
  );
}

/**
 * Spec section 5: a random sweep for the home page, among the brand's sweeps the member has not entered
 * whose end date is still in the future (compared as instants; the Eastern calendar only labels them).
 * `random` is a number in [0, 1).
 */
export function chooseRandomSweep<T extends { endDate: Date; entries: number }>(
  sweeps: readonly T[],
  now: Date,
  random: number,
): T | null {
  const candidates = sweeps.filter((sweep) => sweep.entries === 0 && sweep.endDate.getTime() > now.getTime());
  if (candidates.length === 0) return null;
  const index = Math.min(candidates.length - 1, Math.floor(Math.max(0, random) * candidates.length));
  return candidates[index] ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Prices and multipliers (spec section 3)

export interface SweepPrice {
  currency: string;
  symbol: string;
  countryCode: string | null;
  entries: number;
  amount: number;
}

/** The prices for the member: those for their country and currency, else the currency's default ones. */
export function pricesFor<T extends SweepPrice>(
  prices: readonly T[],
  currency: string,
  countryCode: string,
): T[] {
  const sameCurrency = prices.filter((price) => price.currency.toUpperCase() === currency.toUpperCase());
  const forCountry = sameCurrency.filter(
    (price) => price.countryCode?.toUpperCase() === countryCode.toUpperCase(),
  );
  if (forCountry.length > 0) return forCountry;
  return sameCurrency.filter((price) => !price.countryCode);
}

// ---------------------------------------------------------------------------------------------------
// Rollover and the auditable draw (spec section 9 and decision 023)

export type DrawDecision = { kind: 'draw' } | { kind: 'rollover'; uniqueEntrants: number };

export function drawDecision(uniqueEntrants: number): DrawDecision {
  return uniqueEntrants >= MIN_UNIQUE_ENTRANTS ? { kind: 'draw' } : { kind: 'rollover', uniqueEntrants };
}

/** One line of a period's entry pool: an entrant (an opaque public id) and their entries. */
export interface PoolLine {
  entrant: string;
  entries: number;
}

const compareEntrants = (a: PoolLine, b: PoolLine) =>
  a.entrant < b.entrant ? -1 : a.entrant > b.entrant ? 1 : 0;

/** The pool in its canonical order (entrant ascending, by UTF-16 code unit), lines with 0 entries dropped. */
export function canonicalPool(lines: readonly PoolLine[]): PoolLine[] {
  return lines.filter((line) => line.entries > 0).sort(compareEntrants);
}

/** The published text of a pool; its SHA-256 is the pool hash. One line per entrant: `entrant entries`. */
export function poolDocument(sweepRef: string, periodKey: string, lines: readonly PoolLine[]): string {
  let text = `giveaway-pool v1\n${sweepRef}\n${periodKey}\n`;
  for (const line of canonicalPool(lines)) text += `${line.entrant} ${line.entries}\n`;
  return text;
}

/** `hash` may be a platform SHA-256 (hex) for large pools: the result is the same. */
export function poolHash(
  sweepRef: string,
  periodKey: string,
  lines: readonly PoolLine[],
  hash: (text: string) => string = sha256Hex,
): string {
  return hash(poolDocument(sweepRef, periodKey, lines));
}

/** The published commitment to a draw seed, fixed before the period closes. */
export function seedCommitment(seed: string): string {
  return sha256Hex(`giveaway-seed v1\n${seed}`);
}

const TWO_64 = 1n << 64n;

/**
 * A uniform position in [0, total) from the seed, the pool hash and the round: the first 8 bytes of
 * SHA-256(`seed|poolHash|round|attempt`) as an unsigned integer, rejected and retried (attempt + 1)
 * when it falls in the incomplete last block, so there is no modulo bias.
 */
export function drawPosition(seed: string, hash: string, round: number, total: number): number {
  if (!Number.isSafeInteger(total) || total <= 0) throw new RangeError('a draw needs at least one entry');
  const bigTotal = BigInt(total);
  const limit = TWO_64 - (TWO_64 % bigTotal);
  for (let attempt = 0; ; attempt++) {
    const digest = sha256Bytes(new TextEncoder().encode(`${seed}|${hash}|${round}|${attempt}`));
    let value = 0n;
    for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(digest[i] ?? 0);
    if (value < limit) return Number(value % bigTotal);
  }
}

/** The entrant holding a position: entries occupy consecutive positions in canonical order. */
export function entrantAtPosition(canonical: readonly PoolLine[], position: number): string {
  let end = 0;
  for (const line of canonical) {
    end += line.entries;
    if (position < end) return line.entrant;
  }
  throw new RangeError(`position ${position} is outside the pool`);
}

export interface DrawRound {
  round: number;
  totalEntries: number;
  position: number;
  entrant: string;
}

/**
 * Draws `rounds` distinct winners (round 0 is the winner, later rounds the alternates): each round
 * draws a position over the pool without the earlier rounds' winners. Probability is proportional to
 * entries; anyone with the pool document and the seed can recompute every round.
 */
export function drawWinners(
  sweepRef: string,
  periodKey: string,
  lines: readonly PoolLine[],
  seed: string,
  rounds: number,
  hashText: (text: string) => string = sha256Hex,
): { poolHash: string; rounds: DrawRound[] } {
  const hash = poolHash(sweepRef, periodKey, lines, hashText);
  let remaining = canonicalPool(lines);
  const result: DrawRound[] = [];
  for (let round = 0; round < rounds && remaining.length > 0; round++) {
    const totalEntries = remaining.reduce((sum, line) => sum + line.entries, 0);
    const position = drawPosition(seed, hash, round, totalEntries);
    const entrant = entrantAtPosition(remaining, position);
    result.push({ round, totalEntries, position, entrant });
    remaining = remaining.filter((line) => line.entrant !== entrant);
  }
  return { poolHash: hash, rounds: result };
}

// ---------------------------------------------------------------------------------------------------
// Free monthly entry (spec sections 6 and 9)

export function freeEntryAvailable(input: {
  monthlyExclusive: boolean;
  memberActive: boolean;
  lastFreeEntryPeriod: string | null;
  now: Date;
}): boolean {
  if (!input.monthlyExclusive || !input.memberActive) return false;
  return input.lastFreeEntryPeriod !== drawPeriodAt(input.now).key;
}

// ---------------------------------------------------------------------------------------------------
// Postal entry (spec section 5)

export type PostalEntryIssue =
  'required' | 'too_long' | 'po_box' | 'invalid_email' | 'invalid_phone' | 'invalid_country' | 'not_adult';
export const POSTAL_FIELDS = [
  'fullName',
  'address',
  'apartment',
  'city',
  'postcode',
  'country',
  'email',
  'phone',
  'sweepId',
  'over18',
] as const;
export type PostalField = (typeof POSTAL_FIELDS)[number];

/** PO boxes in the product's languages: P.O. Box, Post Office Box, Postfach, Apartado, Caixa Postal, ... */
const PO_BOX =
  /\b(p\.?\s*o\.?\s*box|post\s*office\s*box|postfach|apartado(\s+postal|\s+de\s+correos)?|caixa\s+postal|case\s+postale|casella\s+postale|c\.?\s*p\.?\s*\d|bo[iî]te\s+postale|私書箱)/i;

// eslint-disable-next-line no-control-regex -- refuse C0 and C1 control characters on a one-line field
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function line(max: number) {
  return z
    .string({ message: 'required' })
    .max(rawLengthLimit(max), { message: 'too_long', abort: true })
    .trim()
    .min(1, { message: 'required' })
    .max(max, { message: 'too_long' })
    .refine((value) => !CONTROL.test(value), { message: 'required' });
}

export function isPoBox(text: string): boolean {
  return PO_BOX.test(text);
}

export const postalEntrySchema = z.object({
  fullName: line(120).refine((value) => /\S+\s+\S+/.test(value), { message: 'required' }),
  address: line(200).refine((value) => !isPoBox(value), { message: 'po_box' }),
  apartment: z
    .string()
    .max(rawLengthLimit(100), { message: 'too_long' })
    .trim()
    .max(100, { message: 'too_long' })
    .refine((value) => !isPoBox(value), { message: 'po_box' })
    .nullish()
    .transform((value) => (value?.length ? value : null)),
  city: line(100),
  postcode: line(20).refine((value) => /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(value), { message: 'required' }),
  /**
   * ISO 3166-1 alpha-2 (US, DE…), so the envelope's address is written the way its country writes it
   * (address.ts `formatAddressLines`). Optional: the spec's envelope names no country, and an empty one
   * reads as null.
   */
  country: z
    .string()
    .max(rawLengthLimit(2), { message: 'invalid_country' })
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), { message: 'invalid_country' })
    .nullish()
    .transform((value) => (value?.length ? value : null)),
  email: line(254).refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { message: 'invalid_email' }),
  phone: z
    .string()
    .max(rawLengthLimit(32), { message: 'too_long' })
    .trim()
    .refine(
      (value) => value === '' || (/^\+?[0-9 ().-]+$/.test(value) && value.replace(/\D/g, '').length >= 6),
      {
        message: 'invalid_phone',
      },
    )
    .nullish()
    .transform((value) => (value?.length ? value : null)),
  sweepId: z.string().trim().min(1, { message: 'required' }).max(64, { message: 'too_long' }),
  over18: z.literal(true, { message: 'not_adult' }),
});

export type PostalEntryInput = z.input<typeof postalEntrySchema>;
export type PostalEntry = z.output<typeof postalEntrySchema>;

const POSTAL_ISSUES: readonly string[] = [
  'required',
  'too_long',
  'po_box',
  'invalid_email',
  'invalid_phone',
  'invalid_country',
  'not_adult',
];

export function parsePostalEntry(
  input: unknown,
):
  | { ok: true; entry: PostalEntry }
  | { ok: false; issues: { field: PostalField; issue: PostalEntryIssue }[] } {
  const result = postalEntrySchema.safeParse(input);
  if (result.success) return { ok: true, entry: result.data };
  const issues: { field: PostalField; issue: PostalEntryIssue }[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(POSTAL_FIELDS as readonly string[]).includes(field)) continue;
    if (issues.some((known) => known.field === field)) continue;
    issues.push({
      field: field as PostalField,
      issue: POSTAL_ISSUES.includes(issue.message) ? (issue.message as PostalEntryIssue) : 'required',
    });
  }
  if (issues.length === 0) issues.push({ field: 'fullName', issue: 'required' });
  return { ok: false, issues };
}
