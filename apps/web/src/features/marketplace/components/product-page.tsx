import { use, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useLoaded } from '../../../lib/use-loaded';
import { type ShopProduct, getProduct, setCartQuantity } from '../api/marketplace';
import { ProductReviews } from './product-reviews';
import { marketplaceStringsLoaded } from '../api/marketplace-strings';
import { CartPanel, type CartState, quantityChoices, useCart } from './cart-panel';
import { ProductPrice } from './product-card';
import '../marketplace.css';

/** `/marketplace/product/:slug/:id`: a product, its prices and stock, and adding it to the cart. */
export function MarketplaceProductPage() {
  use(marketplaceStringsLoaded(useI18nStore()));
  const id = Number(useParams().id);
  return <ProductScreen key={id} id={id} />;
}

function ProductScreen({ id }: { id: number }) {
  const { t } = useI18n();
  const valid = Number.isSafeInteger(id) && id > 0;
  const { state, reload, set } = useLoaded((signal) =>
    valid ? getProduct(id, signal) : Promise.resolve(null),
  );
  const cart = useCart();
  const detail = state.kind === 'ready' ? state.value : null;
  const product = detail?.product ?? null;
  return (
    <Page title={product?.name ?? t('marketplace.productTitle')}>
      <div className="market">
        <div className="market__main">
          <SectionState state={state} onRetry={reload} />
          {state.kind === 'ready' && !product ? (
            <p className="market__muted">{t('marketplace.product.notFound')}</p>
          ) : null}
          {product ? <ProductDetail product={product} cart={cart} /> : null}
          {detail ? <ProductReviews detail={detail} onReviewed={set} /> : null}
        </div>
        <CartPanel cart={cart} />
      </div>
    </Page>
  );
}

function ProductDetail({ product, cart }: { product: ShopProduct; cart: CartState }) {
  const { t } = useI18n();
  const quantityId = useId();
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const held =
    cart.state.kind === 'ready'
      ? (cart.state.value.lines.find((line) => line.product.id === product.id)?.quantity ?? 0)
      : 0;
  const choices = quantityChoices(product.stock);

  async function add(): Promise<void> {
    setAdding(true);
    setMessage(null);
    try {
      cart.set(await setCartQuantity(product.id, held + quantity));
      setMessage({ ok: true, text: t('marketplace.product.added') });
    } catch (error) {
      logger.warn('Could not add to the cart', error);
      setMessage({ ok: false, text: t('marketplace.product.addError') });
    } finally {
      setAdding(false);
    }
  }

  return (
    <article className="market-product">
      {product.images[0] ? <img className="market-product__image" src={product.images[0]} alt="" /> : null}
      <div className="market-product__body">
        <p>
          <Link to={`/marketplace/category/${product.categorySlug}`}>{t('marketplace.category.back')}</Link>
        </p>
        <ProductPrice product={product} />
        <p className="market__muted">
          {product.inStock
            ? t('marketplace.product.inStock', { count: product.stock })
            : t('marketplace.product.outOfStock')}
        </p>
        <p className="market-product__description">{product.description}</p>
        {product.inStock && choices.length > 0 ? (
          <form
            className="market-product__add"
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <div className="field field--inline">
              <label className="field__label" htmlFor={quantityId}>
                {t('marketplace.product.quantity')}
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
              {t('marketplace.product.add')}
            </button>
          </form>
        ) : null}
        <p
          role="status"
          aria-live="polite"
          className={message?.ok === false ? 'market__error' : 'market__muted'}
        >
          {message?.text}
        </p>
      </div>
    </article>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { MarketplaceProductPage as Component };
