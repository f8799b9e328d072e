import { useId, useMemo, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/** The FAQ's questions, in the order shown; their words are `support.faq.items.<key>.q` and `.a`. */
export const FAQ_KEYS = [
  'membership',
  'billing',
  'paymentMethod',
  'cancel',
  'coins',
  'giveaways',
  'vpn',
  'devices',
  'region',
  'password',
] as const;

/** Lower case without accents, so that "facturation" finds "Facturación" and "ue" finds "ü" loosely. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** True when every word of the query is in the text (folded); an empty query matches everything. */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = foldForSearch(text);
  return foldForSearch(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The brand's FAQ with a search box that filters its questions (by question and answer). */
export function FaqSection() {
  const { t } = useI18n();
  const { brand } = useSession();
  const [query, setQuery] = useState('');
  const headingId = useId();
  const searchId = useId();
  const items = useMemo(
    () =>
      FAQ_KEYS.map((key) => ({
        key,
        question: t(`support.faq.items.${key}.q`, { brand: brand.name }),
        answer: t(`support.faq.items.${key}.a`, { brand: brand.name }),
      })),
    [t, brand.name],
  );
  const shown = items.filter((item) => matchesQuery(`${item.question} ${item.answer}`, query));
  return (
    <section className="support__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="support__heading">
        {t('support.faq.heading')}
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          {t('support.faq.search')}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={query}
          maxLength={200}
          onChange={(event) => {
            setQuery(event.target.value);
          }}
        />
      </div>
      {shown.length === 0 ? (
        <p className="support__muted" role="status">
          {t('support.faq.noResults')}
        </p>
      ) : (
        <div className="support__faq" data-testid="faq-list">
          {shown.map((item) => (
            <details key={item.key} className="support__question" data-testid="faq-item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
