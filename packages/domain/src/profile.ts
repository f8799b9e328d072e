import { z } from 'zod';

import { LOCALES } from './locales';
import { rawLengthLimit } from './text-bounds';
import { isTimezone } from './timezones';

/** The longest display name a member may set. */
export const PROFILE_NAME_MAX_LENGTH = 80;

// C0 and C1 control characters (tabs and line breaks included): a name is shown on one line.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Stable reasons a profile field is refused; the web maps them to its own strings. */
export type ProfileIssue =
  'name_too_long' | 'name_control_characters' | 'invalid_timezone' | 'invalid_language';

/**
 * The member's profile as the account area edits it (issue 5, item 4): a display name (trimmed, up to
 * 80 characters, may be empty to fall back to the email), a time zone of TIMEZONES and a language.
 * Whether the brand offers the language is the server's check.
 */
export const profileInputSchema = z.object({
  name: z
    .string()
    // Bounded before trimming and testing (text-bounds.ts); `abort` skips the checks after it.
    .max(rawLengthLimit(PROFILE_NAME_MAX_LENGTH), {
      message: 'name_too_long' satisfies ProfileIssue,
      abort: true,
    })
    .trim()
    .max(PROFILE_NAME_MAX_LENGTH, { message: 'name_too_long' satisfies ProfileIssue })
    .refine((name) => !CONTROL_CHARACTERS.test(name), {
      message: 'name_control_characters' satisfies ProfileIssue,
    }),
  timezone: z.string().refine(isTimezone, { message: 'invalid_timezone' satisfies ProfileIssue }),
  language: z.enum(LOCALES, { message: 'invalid_language' satisfies ProfileIssue }),
});

export type ProfileInput = z.input<typeof profileInputSchema>;
export type Profile = z.output<typeof profileInputSchema>;

export interface ProfileFieldIssue {
  field: keyof Profile;
  issue: ProfileIssue;
}

/** Parses a profile; on failure, the first issue of each field that failed. */
export function parseProfile(
  input: unknown,
): { ok: true; profile: Profile } | { ok: false; issues: ProfileFieldIssue[] } {
  const result = profileInputSchema.safeParse(input);
  if (result.success) return { ok: true, profile: result.data };
  const issues: ProfileFieldIssue[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (
      (field === 'name' || field === 'timezone' || field === 'language') &&
      !issues.some((i) => i.field === field)
    ) {
      issues.push({ field, issue: toProfileIssue(field, issue.message) });
    }
  }
  return { ok: false, issues };
}

function toProfileIssue(field: keyof Profile, message: string): ProfileIssue {
  const known: readonly string[] = [
    'name_too_long',
    'name_control_characters',
    'invalid_timezone',
    'invalid_language',
  ];
  if (known.includes(message)) return message as ProfileIssue;
  if (field === 'timezone') return 'invalid_timezone';
  if (field === 'language') return 'invalid_language';
  return 'name_control_characters';
}
