import { LOCALE_BCP47, LOCALE_NATIVE_NAMES, isLocale, type Locale } from '@member/domain';
import { useId } from 'react';
import { useI18n } from '../../lib/i18n';
import { Icon } from './icons';

interface LanguageSelectProps {
  /** The brand's languages, in the brand's order. */
  languages: readonly Locale[];
  value: Locale;
  onChange: (locale: Locale) => void;
  disabled?: boolean;
  className?: string;
}

/** A labelled select of the brand's languages, each shown by its own name. */
export function LanguageSelect({ languages, value, onChange, disabled, className }: LanguageSelectProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className={`field field--inline ${className ?? ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('common.language')}
      </label>
      <span className="select-wrap">
        <select
          id={id}
          className="select"
          value={value}
          disabled={disabled}
          onChange={(event) => {
            if (isLocale(event.target.value)) onChange(event.target.value);
          }}
        >
          {languages.map((locale) => (
            <option key={locale} value={locale} lang={LOCALE_BCP47[locale]}>
              {LOCALE_NATIVE_NAMES[locale]}
            </option>
          ))}
        </select>
        <Icon name="chevron-down" size={16} className="select-wrap__caret" />
      </span>
    </div>
  );
}
