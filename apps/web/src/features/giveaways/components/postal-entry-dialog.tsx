import { type PostalEntry, type PostalEntryIssue, type PostalField, parsePostalEntry } from '@member/domain';
import { type SyntheticEvent, useId, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { addressLines } from '../../../lib/address-format';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { Sweep } from '../api/giveaways';
import { mailingLines } from './contest-rules-dialog';

type Errors = Partial<Record<PostalField, PostalEntryIssue>>;

const TEXT_FIELDS = [
  ['fullName', 'name', 120],
  ['address', 'address-line1', 200],
  ['apartment', 'address-line2', 100],
  ['city', 'address-level2', 100],
  ['postcode', 'postal-code', 20],
  ['country', 'country', 2],
  ['email', 'email', 254],
  ['phone', 'tel', 32],
] as const;

/**
 * The free postal entry (spec section 5): the member fills the entry the envelope must carry, checked by
 * the same rules the operator's `sweep:postal` applies, and gets printable mailing instructions. Nothing
 * is sent to the server: the entry counts when the envelope arrives and the operator records it. Both
 * addresses on the instructions (the entrant's and the brand's) are written the way their country
 * writes them (`formatAddressLines`).
 */
export function PostalEntryDialog({
  sweep,
  draws,
  onClose,
}: {
  sweep: Sweep;
  /** The giveaways the member may choose between (those still open). */
  draws: readonly Sweep[];
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const { brand, member } = useSession();
  const drawId = useId();
  const ageId = useId();
  const printTitleId = useId();
  const choices = draws.some((draw) => draw.id === sweep.id) ? draws : [sweep, ...draws];
  const [values, setValues] = useState<Record<(typeof TEXT_FIELDS)[number][0], string>>({
    fullName: member?.name ?? '',
    address: '',
    apartment: '',
    city: '',
    postcode: '',
    // Most entrants live where the brand bills; they change it when they do not.
    country: brand.billing.countryCode,
    email: member?.email ?? '',
    phone: '',
  });
  const [draw, setDraw] = useState(sweep.ref_number);
  const [over18, setOver18] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [entry, setEntry] = useState<PostalEntry | null>(null);

  function submit(event: SyntheticEvent<HTMLFormElement>): void {
    event.preventDefault();
    const parsed = parsePostalEntry({ ...values, sweepId: draw, over18 });
    if (parsed.ok) {
      setErrors({});
      setEntry(parsed.entry);
      return;
    }
    setErrors(Object.fromEntries(parsed.issues.map(({ field, issue }) => [field, issue])));
  }

  const message = (field: PostalField) => {
    const issue = errors[field];
    return issue ? t(`giveaways.postal.issues.${issue}`) : null;
  };
  const chosen = choices.find((candidate) => candidate.ref_number === entry?.sweepId);

  return (
    <Dialog
      title={t('giveaways.postal.title')}
      description={t('giveaways.postal.description')}
      onClose={onClose}
      closeLabel={t('giveaways.rules.close')}
      className="giveaway-postal"
    >
      {entry ? (
        <div className="giveaway-postal__result">
          <section className="postal-print" aria-labelledby={printTitleId}>
            <h3 id={printTitleId}>{t('giveaways.postal.printTitle')}</h3>
            <p>{t('giveaways.postal.printIntro')}</p>
            <h4>{t('giveaways.postal.writeTitle')}</h4>
            <address className="postal-print__lines">
              {[
                ...addressLines(
                  {
                    name: entry.fullName,
                    address: entry.address,
                    apartment: entry.apartment,
                    city: entry.city,
                    postcode: entry.postcode,
                    country: entry.country,
                  },
                  locale,
                ),
                entry.email,
                entry.phone,
                t('giveaways.postal.drawLine', {
                  ref: entry.sweepId,
                  name: chosen?.name ?? '',
                }),
              ]
                .filter((line): line is string => Boolean(line))
                .map((line, index) => (
                  <span key={`${String(index)}-${line}`}>{line}</span>
                ))}
            </address>
            <h4>{t('giveaways.postal.mailTo')}</h4>
            <address className="postal-print__lines">
              {mailingLines(brand.companyAddress, locale).map((line, index) => (
                <span key={`${String(index)}-${line}`}>{line}</span>
              ))}
            </address>
            <p>{t('giveaways.postal.oneEach')}</p>
          </section>
          <div className="giveaway-postal__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                window.print();
              }}
            >
              {t('giveaways.postal.print')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setEntry(null);
              }}
            >
              {t('giveaways.postal.edit')}
            </button>
          </div>
        </div>
      ) : (
        <form className="giveaway-postal__form" noValidate onSubmit={submit}>
          {TEXT_FIELDS.map(([field, autoComplete, maxLength]) => (
            <FormField
              key={field}
              name={field}
              label={t(`giveaways.postal.fields.${field}`)}
              hint={
                field === 'address'
                  ? t('giveaways.postal.noPoBox')
                  : field === 'apartment' || field === 'phone'
                    ? t('giveaways.postal.optional')
                    : field === 'country'
                      ? t('giveaways.postal.countryHint')
                      : undefined
              }
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              autoComplete={autoComplete}
              maxLength={maxLength}
              required={field !== 'apartment' && field !== 'phone' && field !== 'country'}
              value={values[field]}
              error={message(field)}
              onChange={(event) => {
                const value = event.target.value;
                setValues((current) => ({ ...current, [field]: value }));
              }}
            />
          ))}
          <div className="field">
            <label className="field__label" htmlFor={drawId}>
              {t('giveaways.postal.fields.sweepId')}
            </label>
            <select
              id={drawId}
              className="select"
              value={draw}
              onChange={(event) => {
                setDraw(event.target.value);
              }}
            >
              {choices.map((choice) => (
                <option key={choice.id} value={choice.ref_number}>
                  {choice.name} ({choice.ref_number})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="giveaway-card__age" htmlFor={ageId}>
              <input
                id={ageId}
                type="checkbox"
                checked={over18}
                aria-invalid={errors.over18 ? true : undefined}
                aria-describedby={errors.over18 ? `${ageId}-error` : undefined}
                onChange={(event) => {
                  setOver18(event.target.checked);
                }}
              />{' '}
              {t('giveaways.giveaways.over18')}
            </label>
            {errors.over18 ? (
              <span className="field__error" id={`${ageId}-error`}>
                {message('over18')}
              </span>
            ) : null}
          </div>
          <button type="submit" className="button button--primary">
            {t('giveaways.postal.submit')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
