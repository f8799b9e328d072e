import { useId } from 'react';
import { Form } from 'react-router';
import { useI18n } from '../../../lib/i18n';

/** A search field at the top of the home page; it opens the search screen with the query (`/search?q=`). */
export function HomeSearch() {
  const { t } = useI18n();
  const inputId = useId();
  return (
    <Form className="home-search" role="search" method="get" action="/search">
      <label className="visually-hidden" htmlFor={inputId}>
        {t('shelves.search.label')}
      </label>
      <input
        id={inputId}
        className="input"
        type="search"
        name="q"
        required
        maxLength={200}
        placeholder={t('shelves.search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--primary">
        {t('shelves.search.submit')}
      </button>
    </Form>
  );
}
