import {
  ADDRESS_FIELDS,
  type Address,
  type AddressField,
  type AddressIssue,
  parseAddress,
} from '@member/domain/address';
import { type SyntheticEvent, useId, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { formatDateAndTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession } from '../../../lib/session';
import { claimPrize } from '../api/giveaways';

const AUTOCOMPLETE: Record<AddressField, string> = {
  country: 'country',
  firstName: 'given-name',
  lastName: 'family-name',
  address: 'address-line1',
  apartment: 'address-line2',
  city: 'address-level2',
  region: 'address-level1',
  postcode: 'postal-code',
  phone: 'tel',
};

/**
 * The winner's claim (spec section 6): where to ship the prize and the age confirmation, before the
 * deadline. The address is checked by the domain's rules here and again by the server.
 */
export function ClaimPrizeForm({
  winnerId,
  deadline,
  onClaimed,
}: {
  winnerId: number;
  deadline: string | null;
  /** With the address the server accepted, for the confirmation. */
  onClaimed: (address: Address) => void;
}) {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const headingId = useId();
  const ageId = useId();
  const [values, setValues] = useState<Record<AddressField, string>>({
    country: '',
    firstName: '',
    lastName: '',
    address: '',
    apartment: '',
    city: '',
    region: '',
    postcode: '',
    phone: '',
  });
  const [over18, setOver18] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<AddressField, AddressIssue>>>({});
  const [ageError, setAgeError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFailure(null);
    const parsed = parseAddress(values);
    setErrors(parsed.ok ? {} : Object.fromEntries(parsed.issues.map(({ field, issue }) => [field, issue])));
    setAgeError(!over18);
    if (!parsed.ok || !over18) return;
    setBusy(true);
    try {
      await claimPrize(winnerId, parsed.address, over18);
      onClaimed(parsed.address);
    } catch (error) {
      logger.warn('The prize claim failed', error);
      setFailure(
        slugOf(error) === 'sweep_claim_refused'
          ? t('giveaways.claim.refused')
          : t('giveaways.giveaways.error'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="giveaway-claim"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={headingId}>{t('giveaways.claim.title')}</h3>
      {deadline ? (
        <p className="giveaway-card__hint">
          {t('giveaways.claim.deadline', {
            date: formatDateAndTime(deadline, locale, member?.timezone ?? null),
          })}
        </p>
      ) : null}
      {ADDRESS_FIELDS.map((field) => (
        <FormField
          key={field}
          name={field}
          label={t(`giveaways.claim.fields.${field}`)}
          hint={
            field === 'country'
              ? t('giveaways.claim.countryHint')
              : field === 'apartment'
                ? t('giveaways.postal.optional')
                : undefined
          }
          autoComplete={AUTOCOMPLETE[field]}
          type={field === 'phone' ? 'tel' : 'text'}
          maxLength={field === 'country' ? 2 : field === 'postcode' ? 20 : field === 'phone' ? 32 : 200}
          required={field !== 'apartment'}
          value={values[field]}
          error={errors[field] ? t(`giveaways.claim.issues.${errors[field]}`) : null}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [field]: value }));
          }}
        />
      ))}
      <div className="field">
        <label className="giveaway-card__age" htmlFor={ageId}>
          <input
            id={ageId}
            type="checkbox"
            checked={over18}
            aria-invalid={ageError ? true : undefined}
            aria-describedby={ageError ? `${ageId}-error` : undefined}
            onChange={(event) => {
              setOver18(event.target.checked);
            }}
          />{' '}
          {t('giveaways.giveaways.over18')}
        </label>
        {ageError ? (
          <span className="field__error" id={`${ageId}-error`}>
            {t('giveaways.postal.issues.not_adult')}
          </span>
        ) : null}
      </div>
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('giveaways.claim.submit')}
      </button>
    </form>
  );
}
