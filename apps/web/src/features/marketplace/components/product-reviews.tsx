import { type SyntheticEvent, useId, useState } from 'react';
import { formatDate, formatNumber } from '../../../lib/format';
import { type TranslationKey, useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { type ShopProductDetail, addReview, getProduct } from '../api/marketplace';

const RATINGS = [1, 2, 3, 4, 5] as const;
const MAX_TEXT = 2000;

/** The server's refusals of a review, in the member's words. */
const REFUSALS: Record<string, TranslationKey> = {
  review_exists: 'marketplace.reviews.errors.review_exists',
  review_not_received: 'marketplace.reviews.errors.review_not_received',
  invalid_rating: 'marketplace.reviews.errors.invalid_rating',
  invalid_review: 'marketplace.reviews.errors.invalid_review',
};

/** Five stars, `rating` of them filled; hidden from assistive technology (the text says the rating). */
function Stars({ rating }: { rating: number }) {
  return (
    <span className="market-stars" aria-hidden="true">
      {RATINGS.map((star) => (star <= Math.round(rating) ? '★' : '☆')).join('')}
    </span>
  );
}

/**
 * A product's reviews: the average and count, the newest reviews, and the form for a member who
 * received the product (the server says who may; the others read why they cannot).
 */
export function ProductReviews({
  detail,
  onReviewed,
}: {
  detail: ShopProductDetail;
  onReviewed: (detail: ShopProductDetail) => void;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const { product, reviews } = detail;
  const average = product.rating;

  return (
    <section className="market-reviews" aria-labelledby={headingId}>
      <h2 className="market-cart__title" id={headingId}>
        {t('marketplace.reviews.title')}
      </h2>
      {average !== null && product.reviewCount > 0 ? (
        <p className="market-reviews__summary">
          <Stars rating={average} />{' '}
          {t('marketplace.reviews.average', {
            rating: formatNumber(average, locale, { maximumFractionDigits: 1 }),
            count: product.reviewCount,
          })}
        </p>
      ) : (
        <p className="market__muted">{t('marketplace.reviews.none')}</p>
      )}
      {reviews.length > 0 ? (
        <ul className="market-reviews__list">
          {reviews.map((review) => (
            <li key={review.id} className="market-reviews__item">
              <p className="market-reviews__head">
                <Stars rating={review.rating} />{' '}
                <span className="visually-hidden">
                  {t('marketplace.reviews.stars', { count: review.rating })}
                </span>
                <span>
                  {t('marketplace.reviews.by', {
                    name: review.authorName || t('marketplace.reviews.aMember'),
                    date: formatDate(review.createdAt, locale, undefined, 'medium'),
                  })}
                </span>
              </p>
              <p className="market-reviews__text">{review.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {detail.canReview ? (
        <ReviewForm productId={product.id} onReviewed={onReviewed} />
      ) : (
        <p className="market__muted">
          {detail.hasReviewed ? t('marketplace.reviews.reviewed') : t('marketplace.reviews.onlyReceived')}
        </p>
      )}
    </section>
  );
}

function ReviewForm({
  productId,
  onReviewed,
}: {
  productId: number;
  onReviewed: (detail: ShopProductDetail) => void;
}) {
  const { t } = useI18n();
  const textId = useId();
  const errorId = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (rating === 0) {
      setError(t('marketplace.reviews.errors.invalid_rating'));
      return;
    }
    if (text.trim().length === 0) {
      setError(t('marketplace.reviews.errors.invalid_review'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addReview(productId, rating, text.trim());
      const fresh = await getProduct(productId);
      if (fresh) onReviewed(fresh);
    } catch (caught) {
      logger.warn('Could not add the review', caught);
      const slug = slugOf(caught);
      const key = slug && Object.hasOwn(REFUSALS, slug) ? REFUSALS[slug] : undefined;
      setError(t(key ?? 'marketplace.errors.generic'));
      setBusy(false);
    }
  }

  return (
    <form className="market-form" noValidate onSubmit={(event) => void submit(event)}>
      <h3 className="market-confirmation__subtitle">{t('marketplace.reviews.write')}</h3>
      <fieldset className="market-rating" aria-describedby={error ? errorId : undefined}>
        <legend className="field__label">{t('marketplace.reviews.rating')}</legend>
        {RATINGS.map((value) => (
          <label key={value} className="market-rating__star">
            <input
              type="radio"
              name="rating"
              value={value}
              checked={rating === value}
              onChange={() => {
                setRating(value);
              }}
            />
            <span aria-hidden="true">{value <= rating ? '★' : '☆'}</span>
            <span className="visually-hidden">{t('marketplace.reviews.stars', { count: value })}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          {t('marketplace.reviews.text')}
        </label>
        <textarea
          id={textId}
          className="input market-reviews__input"
          rows={4}
          maxLength={MAX_TEXT}
          required
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </div>
      <p role="alert" id={errorId} className="market__error">
        {error}
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('marketplace.reviews.submit')}
      </button>
    </form>
  );
}
