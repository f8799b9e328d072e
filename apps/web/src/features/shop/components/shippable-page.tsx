import { use, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useLoaded } from '../../../lib/use-loaded';
import { type ShippableCategory, type ShippableProduct, getShippablePage } from '../api/shop';
import { shopStringsLoaded } from '../api/shop-strings';
import { ReviewSummary, ShippablePrice, shippablePath } from './shop-parts';
import '../shop.css';

interface Listing {
  categories: ShippableCategory[];
  products: ShippableProduct[];
  hasMore: boolean;
}

/** The products loaded so far, grouped by category in the order the categories first appear. */
function byCategory(listing: Listing): { slug: string; name: string; products: ShippableProduct[] }[] {
  const groups = new Map<string, ShippableProduct[]>();
  for (const product of listing.products) {
    const group = groups.get(product.categorySlug);
    if (group) group.push(product);
    else groups.set(product.categorySlug, [product]);
  }
  return [...groups].map(([slug, products]) => ({
    slug,
    name: listing.categories.find((category) => category.slug === slug)?.name ?? slug,
    products,
  }));
}

/**
 * `/shippable`: the brand's shippable products (spec section 2), a page at a time, grouped by category,
 * each with its price, its Champion price and its reviews; "Show more" loads the next page.
 */
export function ShippablePage() {
  use(shopStringsLoaded(useI18nStore()));
  const { t } = useI18n();
  const { state, reload, set } = useLoaded((signal) => getShippablePage(0, signal));
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState(false);
  // After "Show more", focus moves to the first product it brought, so keyboard users carry on there.
  const focusProduct = useRef<number | null>(null);
  const listing = state.kind === 'ready' ? state.value : null;

  useEffect(() => {
    if (focusProduct.current === null) return;
    document.getElementById(`shippable-${String(focusProduct.current)}`)?.focus();
    focusProduct.current = null;
  }, [listing]);

  async function showMore(current: Listing): Promise<void> {
    setLoadingMore(true);
    setMoreError(false);
    try {
      const next = await getShippablePage(current.products.length);
      const known = new Set(current.products.map((product) => product.id));
      const fresh = next.products.filter((product) => !known.has(product.id));
      focusProduct.current = fresh[0]?.id ?? null;
      set({
        categories: next.categories,
        products: [...current.products, ...fresh],
        hasMore: next.hasMore && fresh.length > 0,
      });
    } catch (error) {
      logger.warn('Could not load more shippable products', error);
      setMoreError(true);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <Page title={t('shop.shippableTitle')} subtitle={t('shop.list.subtitle')}>
      <div className="shop">
        <p>
          <Link to="/marketplace">{t('shop.list.toMarketplace')}</Link>
        </p>
        <SectionState state={state} onRetry={reload} />
        {listing?.products.length === 0 ? <p className="shop__muted">{t('shop.list.empty')}</p> : null}
        {listing
          ? byCategory(listing).map((group) => (
              <section key={group.slug} className="shop-group" aria-labelledby={`group-${group.slug}`}>
                <h2 className="shop-group__title" id={`group-${group.slug}`}>
                  {group.name}
                </h2>
                <ul className="shop-grid">
                  {group.products.map((product) => (
                    <ShippableCard key={product.id} product={product} />
                  ))}
                </ul>
              </section>
            ))
          : null}
        {listing?.hasMore ? (
          <div className="shop__more">
            <button
              type="button"
              className="button button--ghost"
              disabled={loadingMore}
              aria-describedby={moreError ? 'shippable-more-error' : undefined}
              onClick={() => void showMore(listing)}
            >
              {t('shop.list.more')}
            </button>
          </div>
        ) : null}
        <p id="shippable-more-error" role="alert" className="shop__error">
          {moreError ? t('shop.list.moreError') : null}
        </p>
      </div>
    </Page>
  );
}

function ShippableCard({ product }: { product: ShippableProduct }) {
  const { t } = useI18n();
  return (
    <li className="shop-card">
      {product.images[0] ? <img className="shop-card__image" src={product.images[0]} alt="" /> : null}
      <div className="shop-card__body">
        <h3 className="shop-card__title">
          <Link
            id={`shippable-${String(product.id)}`}
            to={shippablePath(product)}
            className="shop-card__link"
          >
            {product.name}
          </Link>
        </h3>
        <ShippablePrice product={product} />
        <ReviewSummary product={product} className="shop-card__rating" />
        {product.inStock ? null : <p className="shop__muted">{t('shop.product.outOfStock')}</p>}
      </div>
    </li>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ShippablePage as Component };
