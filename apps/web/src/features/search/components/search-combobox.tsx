import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { mediaDetailsHref } from '../../../lib/media/media-card-fields';
import { MAX_QUERY_LENGTH, type Suggestion } from '../api/search-media';

interface SearchComboboxProps {
  id: string;
  value: string;
  /** The titles offered for the current text (useSuggestions). */
  suggestions: readonly Suggestion[];
  describedBy: string;
  onChange: (text: string) => void;
}

/**
 * The search field with its suggestions, as the ARIA combobox pattern (list autocomplete) has it:
 * ArrowDown and ArrowUp move through the titles (the field keeps focus; `aria-activedescendant` names
 * the one highlighted), Enter opens the highlighted title (or searches when none is), Escape closes
 * the list, and a click or tap opens a title. A polite line says how many titles are offered.
 */
export function SearchCombobox({ id, value, suggestions, describedBy, onChange }: SearchComboboxProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const listId = useId();
  const optionId = (index: number) => `${listId}-${String(index)}`;
  const [active, setActive] = useState(-1);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(suggestions);
  // A new list starts with nothing highlighted.
  if (shownFor !== suggestions) {
    setShownFor(suggestions);
    setActive(-1);
  }
  const isOpen = suggestions.length > 0 && closedFor !== value;
  const open = (suggestion: Suggestion) => {
    setClosedFor(value);
    void navigate(mediaDetailsHref(suggestion));
  };

  return (
    <div className="search-combobox">
      <input
        id={id}
        className="input search-form__input"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
        value={value}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('searching.placeholder')}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-describedby={describedBy}
        onChange={(event) => {
          setClosedFor(null);
          onChange(event.currentTarget.value);
        }}
        onBlur={() => {
          setClosedFor(value);
        }}
        onFocus={() => {
          setClosedFor(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            if (suggestions.length === 0) return;
            event.preventDefault();
            setClosedFor(null);
            const last = suggestions.length - 1;
            const down = event.key === 'ArrowDown';
            // Opening starts at the first (down) or last (up) title; moving wraps around the list.
            setActive((current) => {
              if (!isOpen || current < 0) return down ? 0 : last;
              if (down) return current < last ? current + 1 : 0;
              return current > 0 ? current - 1 : last;
            });
          } else if (event.key === 'Escape' && isOpen) {
            event.preventDefault();
            setClosedFor(value);
            setActive(-1);
          } else if (event.key === 'Enter' && isOpen && active >= 0) {
            const chosen = suggestions[active];
            if (chosen) {
              event.preventDefault();
              open(chosen);
            }
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        className="search-suggestions"
        aria-label={t('searching.suggestions')}
        hidden={!isOpen}
      >
        {isOpen
          ? suggestions.map((suggestion, index) => (
              <li
                key={`${suggestion.mediaType}-${String(suggestion.id)}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="search-suggestions__option"
                // Keeps focus in the field, so the list does not close before the click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                }}
                onClick={() => {
                  open(suggestion);
                }}
              >
                <span className="search-suggestions__title">{suggestion.title}</span>
                <span className="search-suggestions__type">{t(`media.${suggestion.mediaType}.title`)}</span>
              </li>
            ))
          : null}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {isOpen
          ? t(`searching.suggestionCount.${suggestions.length === 1 ? 'one' : 'other'}`, {
              count: suggestions.length,
            })
          : ''}
      </p>
    </div>
  );
}
