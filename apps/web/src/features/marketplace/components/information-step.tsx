import { type AddressField, type AddressIssue, parseAddress } from '@member/domain/address';
import { type SyntheticEvent, useId, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { countryName } from '../../../lib/format';
import { type TranslationKey, useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useLoaded } from '../../../lib/use-loaded';
import { type ShopCheckout, getSavedAddresses, saveInformation } from '../api/marketplace';
import { checkoutErrorText } from './checkout-errors';

type Values = Record<AddressField | 'email', string>;

const EMPTY: Values = {
  email: '',
  country: '',
  firstName: '',
  lastName: '',
  address: '',
  apartment: '',
  city: '',
  region: '',
  postcode: '',
  phone: '',
};

const ISSUE_KEYS: Record<AddressIssue, TranslationKey> = {
  required: 'marketplace.errors.required',
  too_long: 'marketplace.errors.too_long',
  control_characters: 'marketplace.errors.control_characters',
  invalid_country: 'marketplace.errors.invalid_country',
  invalid_postcode: 'marketplace.errors.invalid_postcode',
  invalid_phone: 'marketplace.errors.invalid_phone',
};

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

/** Countries offered first; the server accepts any ISO 3166-1 code. */
const COUNTRIES = 'AU BR CA DE ES FR GB IE IT JP MX MY NL NZ PT SG US'.split(' ');

function valuesOf(checkout: ShopCheckout): Values {
  const info = checkout.information;
  if (!info) return EMPTY;
  return { ...info, apartment: info.apartment ?? '' };
}

/** The information step: the contact email and the shipping address (typed, or a saved one). */
export function InformationStep({
  checkout,
  onSaved,
}: {
  checkout: ShopCheckout;
  onSaved: (checkout: ShopCheckout) => void;
}) {
  const { t, locale } = useI18n();
  const errorId = useId();
  const savedId = useId();
  const countryId = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(checkout));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = useLoaded((signal) => getSavedAddresses(signal));
  const countries =
    COUNTRIES.includes(values.country) || !values.country ? COUNTRIES : [values.country, ...COUNTRIES];

  const setField = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function submit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFormError(null);
    const { email, ...rest } = values;
    const parsed = parseAddress(rest);
    const found: Partial<Record<keyof Values, string>> = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = t('marketplace.errors.invalid_email');
    if (!parsed.ok) for (const issue of parsed.issues) found[issue.field] = t(ISSUE_KEYS[issue.issue]);
    setErrors(found);
    if (!parsed.ok || Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      onSaved(await saveInformation(email.trim(), parsed.address));
    } catch (error) {
      logger.warn('Could not save the checkout information', error);
      const slug = slugOf(error) ?? '';
      const [, field, issue] = slug.split(':');
      if (slug.startsWith('invalid_address:') && field && issue && issue in ISSUE_KEYS) {
        setErrors({ [field]: t(ISSUE_KEYS[issue as AddressIssue]) });
      } else {
        setFormError(checkoutErrorText(slug, t));
      }
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Exclude<AddressField, 'country'>, options: { required?: boolean } = {}) => (
    <FormField
      key={name}
      label={t(`marketplace.checkout.information.${name}`)}
      name={name}
      autoComplete={AUTOCOMPLETE[name]}
      value={values[name]}
      required={options.required ?? true}
      error={errors[name]}
      describedBy={formError ? errorId : undefined}
      type={name === 'phone' ? 'tel' : 'text'}
      onChange={(event) => {
        setField(name, event.target.value);
      }}
    />
  );

  return (
    <form className="market-form" noValidate onSubmit={(event) => void submit(event)}>
      {saved.state.kind === 'ready' && saved.state.value.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={savedId}>
            {t('marketplace.checkout.information.saved')}
          </label>
          <select
            id={savedId}
            className="select"
            defaultValue=""
            onChange={(event) => {
              const chosen =
                saved.state.kind === 'ready'
                  ? saved.state.value.find((address) => String(address.id) === event.target.value)
                  : undefined;
              if (chosen) {
                const { id: _id, ...address } = chosen;
                setValues((current) => ({ ...current, ...address, apartment: address.apartment ?? '' }));
                setErrors({});
              }
            }}
          >
            <option value="">{t('marketplace.checkout.information.newAddress')}</option>
            {saved.state.value.map((address) => (
              <option key={address.id} value={address.id}>
                {[address.firstName, address.lastName, address.address, address.city].join(', ')}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FormField
        label={t('marketplace.checkout.information.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        required
        error={errors.email}
        onChange={(event) => {
          setField('email', event.target.value);
        }}
      />
      <div className="field">
        <label className="field__label" htmlFor={countryId}>
          {t('marketplace.checkout.information.country')}
        </label>
        <select
          id={countryId}
          className="select"
          name="country"
          autoComplete="country"
          required
          value={values.country}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${countryId}-error` : undefined}
          onChange={(event) => {
            setField('country', event.target.value);
          }}
        >
          <option value="" disabled>
            {t('marketplace.errors.invalid_country')}
          </option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code, locale)}
            </option>
          ))}
        </select>
        {errors.country ? (
          <span className="field__error" id={`${countryId}-error`}>
            {errors.country}
          </span>
        ) : null}
      </div>
      <div className="market-form__pair">
        {field('firstName')}
        {field('lastName')}
      </div>
      {field('address')}
      {field('apartment', { required: false })}
      <div className="market-form__pair">
        {field('city')}
        {field('region')}
      </div>
      <div className="market-form__pair">
        {field('postcode')}
        {field('phone')}
      </div>
      <p role="alert" id={errorId} className="market__error">
        {formError}
      </p>
      <button type="submit" className="button button--primary" disabled={saving}>
        {t('marketplace.checkout.information.submit')}
      </button>
    </form>
  );
}
