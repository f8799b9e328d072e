import { LOCALE_BCP47 } from '@member/domain';
import {
  ADDRESS_FIELDS,
  type Address,
  type AddressField,
  type AddressIssue,
  parseAddress,
} from '@member/domain/address';
import { useId, useMemo, useState, type SyntheticEvent } from 'react';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useLoaded } from '../../../lib/use-loaded';
import { type ShippingAddress, listAddresses, saveAddress } from '../api/addresses';
import { slugOf } from '../../../lib/refusal';
import { COUNTRY_CODES } from './countries';

type Values = Record<AddressField, string>;

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

function initialValues(address: Address | null): Values {
  return {
    country: address?.country ?? '',
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    address: address?.address ?? '',
    apartment: address?.apartment ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postcode: address?.postcode ?? '',
    phone: address?.phone ?? '',
  };
}

export interface AddressFormProps {
  /** The address shown first (null: an empty form). */
  address: (Address & { id?: number }) | null;
  onSaved: () => void;
  /**
   * Where the address goes; by default it adds or updates one of the member's saved addresses. An
   * order's change of address passes its own, and its refusals' text.
   */
  save?: (address: Address) => Promise<void>;
  errorText?: (error: unknown) => string;
  /** Offers the member's saved addresses to fill the form. */
  offerSaved?: boolean;
  /** The submit button's words when the form does more than save (e.g. sends a gift there). */
  submitLabel?: string;
}

/**
 * The shipping address form (add or edit a saved address, or an order's). The shared schema
 * (`@member/domain/address`) checks each field here; the server checks the same again.
 */
export function AddressForm({
  address,
  onSaved,
  save,
  errorText,
  offerSaved = false,
  submitLabel,
}: AddressFormProps) {
  const { t, locale } = useI18n();
  const formId = useId();
  const savedId = useId();
  const [values, setValues] = useState<Values>(() => initialValues(address));
  const [issues, setIssues] = useState<Partial<Record<AddressField, AddressIssue>>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const countries = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([LOCALE_BCP47[locale]], { type: 'region' });
    } catch {
      names = null;
    }
    return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, LOCALE_BCP47[locale]),
    );
  }, [locale]);

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const parsed = parseAddress(values);
    if (!parsed.ok) {
      setIssues(Object.fromEntries(parsed.issues.map((issue) => [issue.field, issue.issue])));
      setError(null);
      const first = parsed.issues[0];
      if (first) document.getElementById(`${formId}-${first.field}`)?.focus();
      return;
    }
    setIssues({});
    setSaving(true);
    setError(null);
    try {
      await (save ? save(parsed.address) : saveAddress(address?.id ?? null, parsed.address));
      onSaved();
    } catch (caught) {
      logger.warn('Could not save an address', caught);
      setSaving(false);
      setError(
        errorText
          ? errorText(caught)
          : slugOf(caught) === 'too_many_addresses'
            ? t('account.errors.too_many_addresses')
            : t('account.addresses.saveError'),
      );
    }
  }

  return (
    <form className="extras__form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      {offerSaved ? (
        <SavedAddressChoice
          id={savedId}
          onChoose={(chosen) => {
            setValues(initialValues(chosen));
            setIssues({});
          }}
        />
      ) : null}
      {ADDRESS_FIELDS.map((field) => {
        const id = `${formId}-${field}`;
        const issue = issues[field];
        const errorId = `${id}-error`;
        const common = {
          id,
          name: field,
          autoComplete: AUTOCOMPLETE[field],
          'aria-invalid': issue ? true : undefined,
          'aria-describedby': issue ? errorId : undefined,
        } as const;
        return (
          <div className="field" key={field}>
            <label className="field__label" htmlFor={id}>
              {t(`account.addresses.fields.${field}`)}
              {field === 'apartment' ? ` ${t('account.addresses.optional')}` : null}
            </label>
            {field === 'country' ? (
              <select
                {...common}
                className="select"
                required
                value={values.country}
                onChange={(event) => {
                  setValues({ ...values, country: event.target.value });
                }}
              >
                <option value="">—</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                className="input"
                type={field === 'phone' ? 'tel' : 'text'}
                required={field !== 'apartment'}
                value={values[field]}
                onChange={(event) => {
                  setValues({ ...values, [field]: event.target.value });
                }}
              />
            )}
            {issue ? (
              <p className="extras__field-error" id={errorId}>
                {t(`account.addresses.errors.${issue}`)}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('account.addresses.saving') : (submitLabel ?? t('account.addresses.save'))}
      </button>
      <p role="alert" className="extras__form-error">
        {error}
      </p>
    </form>
  );
}

/** A choice of the member's saved addresses; choosing one fills the form (nothing shows without any). */
function SavedAddressChoice({ id, onChoose }: { id: string; onChoose: (address: ShippingAddress) => void }) {
  const { t } = useI18n();
  const { state } = useLoaded((signal) => listAddresses(signal));
  if (state.kind !== 'ready' || state.value.length === 0) return null;
  const addresses = state.value;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('account.addresses.useSaved')}
      </label>
      <select
        id={id}
        className="select"
        defaultValue=""
        onChange={(event) => {
          const chosen = addresses.find((address) => String(address.id) === event.target.value);
          if (chosen) onChoose(chosen);
        }}
      >
        <option value="">—</option>
        {addresses.map((address) => (
          <option key={address.id} value={address.id}>
            {[`${address.firstName} ${address.lastName}`, address.address, address.city].join(', ')}
          </option>
        ))}
      </select>
    </div>
  );
}
