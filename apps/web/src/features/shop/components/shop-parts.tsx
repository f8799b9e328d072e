import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import type { ShippableProduct } from '../api/shop';

export function shippablePath(product: Pick<ShippableProduct, 'id'>): string {
  return `/shippable/id/${String(product.id)}`;
}

/** What the member pays, and the Champion price: struck-through list price when the member is a Champion. */
export function ShippablePrice({ product }: { product: ShippableProduct }) {
  const { t, locale } = useI18n();
  const price = formatMoney(product.price, product.currency, locale);
  const member = formatMoney(product.memberPrice, product.currency, locale);
  if (!product.isMemberPriceApplied) {
    return (
      <p className="shop-price">
        <span className="shop-price__now">{price}</span>
        <span className="shop__muted">{t('shop.price.memberPrice', { price: member })}</span>
      </p>
    );
  }
  return (
    <p className="shop-price">
      <span className="shop-price__now">{t('shop.price.yourPrice', { price: member })}</span>
      <del className="shop__muted">{price}</del>
    </p>
  );
}

/** Five stars, `rating` of them filled; hidden from assistive technology (the text beside says it). */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="shop-stars" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((star) => (star <= Math.round(rating) ? '★' : '☆')).join('')}
    </span>
  );
}

/** The average rating and the number of reviews, or that there is none yet. */
export function ReviewSummary({
  product,
  className,
}: {
  product: Pick<ShippableProduct, 'rating' | 'reviewCount'>;
  className?: string;
}) {
  const { t, locale } = useI18n();
  if (product.rating === null || product.reviewCount === 0) {
    return <p className={`shop__muted ${className ?? ''}`.trim()}>{t('shop.list.noReviews')}</p>;
  }
  return (
    <p className={`shop-rating ${className ?? ''}`.trim()}>
      <Stars rating={product.rating} />{' '}
      <span>
        {t('shop.reviews.average', {
          rating: formatNumber(product.rating, locale, { maximumFractionDigits: 1 }),
          count: product.reviewCount,
        })}
      </span>
    </p>
  );
}
