import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../lib/i18n';

/*
 * Typography of the French and Japanese strings (issue 14 item 9), over every locale file:
 * - fr-ca: a non-breaking space (U+00A0, or the narrow U+202F) before `: ; ? !` and inside « »; no
 *   straight or English curly double quotes.
 * - ja-jp: full-width punctuation (、。！？：「」（）) next to Japanese text, never ASCII `, . ! ? : ( ) "`,
 *   and no space before full-width punctuation.
 * Placeholders (`{name}`), URLs and clock times (9:00) are not prose and are left out.
 */

const files = import.meta.glob<unknown>(['./*.json', './*/*.json'], { eager: true, import: 'default' });

function stringsOf(locale: string): [string, string][] {
  return Object.entries(files)
    .filter(([path]) => path.endsWith(`/${locale}.json`))
    .flatMap(([path, file]) =>
      [...flattenMessages(file)].map(([key, text]): [string, string] => [`${path}: ${key}`, text]),
    );
}

/** The prose of a string: placeholders, URLs, e-mail addresses and clock times removed. */
function prose(text: string): string {
  return text
    .replace(/\{\w+\}:\{\w+\}/g, 'X')
    .replace(/\{\w+\}/g, 'X')
    .replace(/\b[a-z]+:\/\/\S+/gi, 'URL')
    .replace(/\S+@\S+\.\w+/g, 'MAIL')
    .replace(/\d{1,2}:\d{2}/g, '00');
}

const NBSP = /[\u00a0\u202f]/;

export function frenchIssues(text: string): string[] {
  const issues: string[] = [];
  const chars = Array.from(prose(text));
  chars.forEach((char, index) => {
    const before = chars[index - 1] ?? '';
    if (':;?!'.includes(char)) {
      // `?!` or `!!`: one space before the first of the run only.
      if (':;?!'.includes(before)) return;
      if (!NBSP.test(before)) issues.push(`“${char}” needs a non-breaking space before it`);
    }
    if (char === '«' && !NBSP.test(chars[index + 1] ?? ''))
      issues.push('« needs a non-breaking space after it');
    if (char === '»' && !NBSP.test(before)) issues.push('» needs a non-breaking space before it');
    if (char === '"' || char === '“' || char === '”') issues.push(`${char} should be « »`);
  });
  return issues;
}

const JAPANESE = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;
const FULL_WIDTH_PUNCTUATION = /[、。！？：；」』）]/;

export function japaneseIssues(text: string): string[] {
  const issues: string[] = [];
  const chars = Array.from(prose(text));
  chars.forEach((char, index) => {
    const before = chars[index - 1] ?? '';
    const after = chars[index + 1] ?? '';
    const nextToJapanese = JAPANESE.test(before) || JAPANESE.test(after);
    // A file extension (`.ovpn`) or a decimal is not punctuation.
    const notProse = char === '.' && /[A-Za-z0-9]/.test(after);
    if (',.!?:;()'.includes(char) && nextToJapanese && !notProse)
      issues.push(`ASCII “${char}” next to Japanese text`);
    if (char === '"') issues.push('" should be 「」');
    if (FULL_WIDTH_PUNCTUATION.test(char) && /\s/.test(before)) issues.push(`a space before “${char}”`);
  });
  return issues;
}

describe('French and Japanese punctuation in the locale files', () => {
  it('knows the rules (the checks can fail)', () => {
    expect(frenchIssues('Adresse : Paris')).toHaveLength(1);
    expect(frenchIssues('Adresse\u00a0: Paris\u00a0! « Oui »')).toHaveLength(2);
    expect(frenchIssues('Heure\u00a0: 9:00, {count} sur https://a.example/x?y=1, {m}:{s}')).toEqual([]);
    expect(frenchIssues('Dites "oui"')).toHaveLength(2);
    expect(japaneseIssues('保存しました.')).toHaveLength(1);
    expect(japaneseIssues('本当ですか ？')).toHaveLength(1);
    expect(japaneseIssues('「保存」しました。Visa 4242、有効期限 12/30')).toEqual([]);
    expect(japaneseIssues('"保存"')).toHaveLength(2);
  });

  it.each([
    ['fr-ca', frenchIssues],
    ['ja-jp', japaneseIssues],
  ] as const)('%s strings follow the typography of the language', (locale, check) => {
    const found = stringsOf(locale).flatMap(([where, text]) =>
      check(text).map((issue) => `${where}: ${issue} — ${JSON.stringify(text)}`),
    );
    expect(found).toEqual([]);
  });
});
