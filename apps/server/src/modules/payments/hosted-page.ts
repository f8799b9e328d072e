import { randomBytes } from 'node:crypto';

import { LOCALE_BCP47, type Locale, isLocale } from '@member/domain';

import type { CardIssue } from './card';
import { HOSTED_PAGE_STRINGS, type HostedPageStrings } from './hosted-page.strings';

export interface HostedPageView {
  locale: string;
  brandName: string;
  brandLogo: string;
  accent: string;
  description: string;
  amountMinor: number;
  currency: string;
  /** Where the form posts (the page's own path). */
  action: string;
  /** Where "cancel and return" goes, with a failed `state`. */
  cancelUrl: string;
  /** Null for an open page that can be paid; otherwise the page explains why it cannot. */
  closed: boolean;
  failureCode: string | null;
  issues: CardIssue[];
  /**
   * What the visitor typed, shown again after an error so nothing has to be typed twice (issue 14 item
   * 5). Only ever written into this no-store page of the visitor's own request; never logged.
   */
  values: HostedPageValues;
  showTestCards: boolean;
}

export interface HostedPageValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const NO_VALUES: HostedPageValues = { number: '', expiry: '', cvc: '', name: '' };

/**
 * Formats the card fields as the visitor types (the same rules as the web's card form, the domain's
 * `card-input.ts`): the number in groups, the expiry's slash put in, the code as digits. The form works
 * without it; the server reads `1230` and `12/30` alike.
 */
const FORMAT_SCRIPT = `(() => {
  const digits = (text) => text.replace(/\\D/g, '');
  const number = (text) => {
    const d = digits(text).slice(0, 19);
    const sizes = /^3[47]/.test(d) ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const parts = [];
    let at = 0;
    for (const size of sizes) { if (at >= d.length) break; parts.push(d.slice(at, at + size)); at += size; }
    if (at < d.length) parts.push(d.slice(at));
    return parts.join(' ');
  };
  const expiry = (text) => {
    let d = digits(text);
    if (d.length === 6) d = d.slice(0, 2) + d.slice(4);
    d = d.slice(0, 4);
    if (/^[2-9]/.test(d)) d = ('0' + d).slice(0, 4);
    return d.length <= 2 ? d : d.slice(0, 2) + '/' + d.slice(2);
  };
  const cvc = (text) => digits(text).slice(0, 4);
  const bind = (id, format) => {
    const input = document.getElementById(id);
    if (!input) return;
    input.addEventListener('input', () => {
      const before = input.value;
      const caretDigits = digits(before.slice(0, input.selectionStart ?? before.length)).length;
      const after = format(before);
      if (after === before) return;
      input.value = after;
      let caret = 0;
      for (let seen = 0; caret < after.length && seen < caretDigits; caret += 1) if (/\\d/.test(after[caret])) seen += 1;
      input.setSelectionRange(caret, caret);
    });
  };
  bind('cardnumber', number);
  bind('expiry', expiry);
  bind('cvc', cvc);
})();`;

/** A label's colon as each language writes it: French after a non-breaking space, Japanese full-width. */
const LABEL_COLON: Partial<Record<Locale, string>> = { 'fr-ca': '\u00a0: ', 'ja-jp': '：' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function formatAmount(amountMinor: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(LOCALE_BCP47[locale], { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

function issueText(strings: HostedPageStrings, issue: CardIssue): string {
  return {
    invalid_number: strings.invalidNumber,
    invalid_expiry: strings.invalidExpiry,
    expired: strings.expired,
    invalid_cvc: strings.invalidCvc,
  }[issue];
}

function failureText(strings: HostedPageStrings, code: string): string {
  if (code === 'expired_card') return strings.expiredCard;
  return strings.declined;
}

/**
 * The sandbox provider's hosted payment page: a plain HTML form (works without script), labelled
 * fields with their errors tied to them, and a per-response nonce for its only style element.
 */
export function renderHostedPage(view: HostedPageView): { html: string; csp: string } {
  const locale: Locale = isLocale(view.locale) ? view.locale : 'en-us';
  const strings = HOSTED_PAGE_STRINGS[locale];
  const nonce = randomBytes(16).toString('base64');
  const amount = formatAmount(view.amountMinor, view.currency, locale);
  const accent = /^#[0-9a-f]{6}$/i.test(view.accent) ? view.accent : '#8b7bff';
  const has = (issue: CardIssue) => view.issues.includes(issue);
  const field = (
    name: string,
    label: string,
    options: {
      autocomplete: string;
      inputmode?: string;
      issue?: CardIssue[];
      value?: string;
      hint?: string;
      maxlength: number;
    },
  ) => {
    const issues = (options.issue ?? []).filter(has);
    const describedBy = [options.hint ? `${name}-hint` : '', issues.length > 0 ? `${name}-error` : '']
      .filter(Boolean)
      .join(' ');
    return `<div class="field">
      <label for="${name}">${escapeHtml(label)}</label>
      ${options.hint ? `<span class="hint" id="${name}-hint">${escapeHtml(options.hint)}</span>` : ''}
      <input id="${name}" name="${name}" autocomplete="${options.autocomplete}" ${options.inputmode ? `inputmode="${options.inputmode}"` : ''} maxlength="${options.maxlength}" required${issues.length > 0 ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''} value="${escapeHtml(options.value ?? '')}">
      ${issues.length > 0 ? `<p class="error" id="${name}-error">${issues.map((issue) => escapeHtml(issueText(strings, issue))).join(' ')}</p>` : ''}
    </div>`;
  };

  const body = view.closed
    ? `<p role="alert">${escapeHtml(strings.closed)}</p>
       <p><a class="button" href="${escapeHtml(view.cancelUrl)}">${escapeHtml(strings.backToSite)}</a></p>`
    : `${
        view.failureCode
          ? `<div class="alert" role="alert"><strong>${escapeHtml(strings.paymentFailed)}</strong> ${escapeHtml(failureText(strings, view.failureCode))}</div>`
          : ''
      }
      <form method="post" action="${escapeHtml(view.action)}" novalidate>
        ${field('cardnumber', strings.cardNumber, { autocomplete: 'cc-number', inputmode: 'numeric', issue: ['invalid_number'], value: view.values.number, maxlength: 23 })}
        <div class="row">
          ${field('expiry', strings.expiry, { autocomplete: 'cc-exp', inputmode: 'numeric', issue: ['invalid_expiry', 'expired'], value: view.values.expiry, hint: strings.expiryHint, maxlength: 7 })}
          ${field('cvc', strings.cvc, { autocomplete: 'cc-csc', inputmode: 'numeric', issue: ['invalid_cvc'], value: view.values.cvc, maxlength: 4 })}
        </div>
        ${field('name', strings.nameOnCard, { autocomplete: 'cc-name', value: view.values.name, maxlength: 80 })}
        <button type="submit">${escapeHtml(strings.pay.replace('{amount}', amount))}</button>
      </form>
      <p><a href="${escapeHtml(view.cancelUrl)}">${escapeHtml(strings.cancel)}</a></p>
      ${view.showTestCards ? `<p class="note">${escapeHtml(strings.testMode)}</p>` : ''}`;

  const html = `<!doctype html>
<html lang="${LOCALE_BCP47[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${strings.title} · ${view.brandName}`)}</title>
<style nonce="${nonce}">
  :root { color-scheme: dark; --accent: ${accent}; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: #0b0a12; color: #f1f0f7; font: 16px/1.5 system-ui, sans-serif; display: flex; justify-content: center; align-items: flex-start; }
  main { width: 100%; min-width: 0; max-width: 28rem; margin: 2rem 1rem; padding: 1.5rem; background: #17161f; border-radius: 12px; border: 1px solid #2c2a3a; }
  header { display: flex; align-items: center; gap: .75rem; }
  header img { height: 2rem; width: auto; }
  h1 { font-size: 1.375rem; margin: 1rem 0 .25rem; }
  .summary { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .25rem 1rem; overflow-wrap: anywhere; padding: .75rem 0; border-bottom: 1px solid #2c2a3a; margin-bottom: 1rem; }
  .summary strong { font-size: 1.25rem; }
  .field { display: flex; flex-direction: column; gap: .25rem; margin-bottom: 1rem; flex: 1 1 8rem; min-width: 0; }
  .row { display: flex; flex-wrap: wrap; column-gap: 1rem; }
  label { font-weight: 600; }
  .hint { color: #b9b6cc; font-size: .875rem; }
  input { width: 100%; min-width: 0; font: inherit; color: inherit; background: #0b0a12; border: 1px solid #6d6a80; border-radius: 8px; padding: .625rem .75rem; min-height: 44px; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  input[aria-invalid="true"] { border-color: #ff8a8a; }
  .error { color: #ff9d9d; margin: 0; font-size: .875rem; }
  .alert { background: #3a1418; border: 1px solid #ff8a8a; border-radius: 8px; padding: .75rem; margin-bottom: 1rem; }
  button, .button { display: inline-block; width: 100%; min-height: 48px; font: inherit; font-weight: 700; text-align: center; text-decoration: none; background: var(--accent); color: #0b0a12; border: 0; border-radius: 8px; padding: .75rem 1rem; cursor: pointer; }
  a { color: #c9c2ff; }
  .note, .secured { color: #b9b6cc; font-size: .875rem; }
  @media (max-width: 360px) { main { margin: 1rem .5rem; padding: 1rem; } }
</style>
</head>
<body>
<main>
  <header><img src="${escapeHtml(view.brandLogo)}" alt="${escapeHtml(view.brandName)}"></header>
  <h1>${escapeHtml(strings.heading)}</h1>
  <div class="summary"><span>${escapeHtml(view.description)}</span><span>${escapeHtml(strings.amountDue)}${LABEL_COLON[locale] ?? ': '}<strong>${escapeHtml(amount)}</strong></span></div>
  ${body}
  <p class="secured">${escapeHtml(strings.secured)}</p>
</main>
${view.closed ? '' : `<script nonce="${nonce}">${FORMAT_SCRIPT}</script>`}
</body>
</html>`;
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
