import { MAX_CART_QUANTITY } from '@member/domain';
import { use, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { publishCartCount } from '../../../lib/cart-count';
import { formatDate } from '../../../lib/format';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useLoaded } from '../../../lib/use-loaded';
import {
  type CartHolding,
  type ShippableDetail,
  type ShippableProduct,
  getCartHolding,
  getShippableProduct,
  setCartQuantity,
} from '../api/shop';
import { shopStringsLoaded } from '../api/shop-strings';
import { ReviewSummary, ShippablePrice, Stars } from './shop-parts';
import '../shop.css';

/** `/shippable/id/:id`: a shippable product's pictures, description, prices, stock, cart and reviews. */
export function ShippableProductPage() {
  use(shopStringsLoaded(useI18nStore()));
  const id = Number(useParams().id);
  return <ProductScreen key={id} id={id} />;
}

function ProductScreen({ id }: { id: number }) {
  const { t } = useI18n();
  const valid = Number.isSafeInteger(id) && id > 0;
  const { state, reload } = useLoaded((signal) =>
    valid ? getShippableProduct(id, signal) : Promise.resolve(null),
  );
  const detail = state.kind === 'ready' ? state.value : null;
  return (
    <Page title={detail?.product.name ?? t('shop.productTitle')}>
      <div className="shop">
        <p>
          <Link to="/shippable">{t('shop.product.back')}</Link>
        </p>
        <SectionState state={state} onRetry={reload} />
        {state.kind === 'ready' && !detail ? (
          <p className="shop__muted">{t('shop.product.notFound')}</p>
        ) : null}
        {detail ? <ProductDetail product={detail.product} /> : null}
        {detail ? <Reviews detail={detail} /> : null}
      </div>
    </Page>
  );
}

function Pictures({ product }: { product: ShippableProduct }) {
  const { t } = useI18n();
  const [shown, setShown] = useState(0);
  const count = product.images.length;
  const current = product.images[shown] ?? product.images[0];
  if (!current) return null;
  const alt = (index: number) => t('shop.product.picture', { number: index + 1, count, name: product.name });
  return (
    <div className="shop-pictures">
      <img className="shop-pictures__main" src={current} alt={alt(shown)} />
      {count > 1 ? (
        <ul className="shop-pictures__thumbs" aria-label={t('shop.product.pictures')}>
          {product.images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className="shop-pictures__thumb"
                aria-label={alt(index)}
                aria-pressed={index === shown}
                onClick={() => {
                  setShown(index);
                }}
              >
                <img src={image} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ProductDetail({ product }: { product: ShippableProduct }) {
  const { t } = useI18n();
  const quantityId = useId();
  const { state: cartState, set: setCart } = useLoaded((signal) =>
    getCartHolding(signal).then((cart) => {
      publishCartCount(cart.count);
      return cart;
    }),
  );
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const held =
    cartState.kind === 'ready'
      ? (cartState.value.lines.find((line) => line.product.id === product.id)?.quantity ?? 0)
      : 0;
  const choices = Array.from(
    { length: Math.max(0, Math.min(product.stock, MAX_CART_QUANTITY)) },
    (_, index) => index + 1,
  );

  async function add(): Promise<void> {
    setAdding(true);
    setMessage(null);
    try {
      const cart: CartHolding = await setCartQuantity(product.id, held + quantity);
      publishCartCount(cart.count);
      setCart(cart);
      setMessage({ ok: true, text: t('shop.product.added') });
    } catch (error) {
      logger.warn('Could not add to the cart', error);
      setMessage({ ok: false, text: t('shop.product.addError') });
    } finally {
      setAdding(false);
    }
  }

  return (
    <article className="shop-product">
      <Pictures product={product} />
      <div className="shop-product__body">
        <ShippablePrice product={product} />
        {product.reviewCount > 0 ? <ReviewSummary product={product} /> : null}
        <p className="shop__muted">
          {product.inStock
            ? t('shop.product.inStock', { count: product.stock })
            : t('shop.product.outOfStock')}
        </p>
        <p className="shop-product__description">{product.description}</p>
        {product.inStock && choices.length > 0 ? (
          <form
            className="shop-product__add"
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <div className="field field--inline">
              <label className="field__label" htmlFor={quantityId}>
                {t('shop.product.quantity')}
              </label>
              <select
                id={quantityId}
                className="select"
                value={quantity}
                onChange={(event) => {
                  setQuantity(Number(event.target.value));
                }}
              >
                {choices.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--primary" disabled={adding}>
              {t('shop.product.add')}
            </button>
          </form>
        ) : null}
        <p role="status" aria-live="polite" className={message?.ok === false ? 'shop__error' : 'shop__muted'}>
          {message?.text}
        </p>
        {held > 0 ? (
          <p className="shop-product__held">
            <span>{t('shop.product.inCart', { count: held })}</span>
            <Link className="button button--ghost" to="/marketplace/checkout">
              {t('shop.product.checkout')}
            </Link>
          </p>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The product's reviews: average and count, the newest ones, and for a member who received it, the way
 * to write one (the marketplace's product page has the form).
 */
function Reviews({ detail }: { detail: ShippableDetail }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const { product, reviews } = detail;
  return (
    <section className="shop-reviews" aria-labelledby={headingId}>
      <h2 className="shop-group__title" id={headingId}>
        {t('shop.reviews.title')}
      </h2>
      {product.reviewCount > 0 ? (
        <ReviewSummary product={product} />
      ) : (
        <p className="shop__muted">{t('shop.reviews.none')}</p>
      )}
      {reviews.length > 0 ? (
        <ul className="shop-reviews__list">
          {reviews.map((review) => (
            <li key={review.id} className="shop-reviews__item">
              <p className="shop-rating">
                <Stars rating={review.rating} />{' '}
                <span className="visually-hidden">{t('shop.reviews.stars', { count: review.rating })}</span>
                <span>
                  {t('shop.reviews.by', {
                    name: review.authorName || t('shop.reviews.aMember'),
                    date: formatDate(review.createdAt, locale, undefined, 'medium'),
                  })}
                </span>
              </p>
              <p className="shop-reviews__text">{review.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {detail.canReview ? (
        <p>
          <Link
            className="button button--ghost"
            to={`/marketplace/product/${product.slug}/${String(product.id)}`}
          >
            {t('shop.reviews.write')}
          </Link>
        </p>
      ) : (
        <p className="shop__muted">
          {detail.hasReviewed ? t('shop.reviews.reviewed') : t('shop.reviews.onlyReceived')}
        </p>
      )}
    </section>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ShippableProductPage as Component };
