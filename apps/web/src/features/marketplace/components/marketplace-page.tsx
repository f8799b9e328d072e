import { use } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { useLoaded } from '../../../lib/use-loaded';
import { getMarketplaceHome } from '../api/marketplace';
import { marketplaceStringsLoaded } from '../api/marketplace-strings';
import { CartPanel, useCart } from './cart-panel';
import { ProductCard } from './product-card';
import '../marketplace.css';

/** The shelf of each category on the home: its first few products. */
const SHELF_SIZE = 4;

/**
 * The home's query starts when this screen's code arrives, beside its strings, rather than after them
 * (the largest paint of the screen is a product picture, so its wait is the page's). The first mount
 * takes it if it is fresh; any later one asks again.
 */
const PREFETCH_FRESH_MS = 5_000;
let prefetched: { at: number; home: ReturnType<typeof getMarketplaceHome> } | null = {
  at: Date.now(),
  home: getMarketplaceHome(),
};
// A failure is the screen's to show (useLoaded), not an unhandled rejection before it mounts.
prefetched.home.catch(() => undefined);

function marketplaceHome(signal: AbortSignal): ReturnType<typeof getMarketplaceHome> {
  const taken = prefetched;
  prefetched = null;
  return taken && Date.now() - taken.at < PREFETCH_FRESH_MS ? taken.home : getMarketplaceHome(signal);
}

/** `/marketplace`: the categories, each with its first products, and the member's cart. */
export function MarketplacePage() {
  use(marketplaceStringsLoaded(useI18nStore()));
  const { t } = useI18n();
  const { state, reload } = useLoaded(marketplaceHome);
  const cart = useCart();
  return (
    <Page title={t('marketplace.title')} subtitle={t('marketplace.home.subtitle')}>
      <div className="market">
        <div className="market__main">
          <SectionState state={state} onRetry={reload} />
          {state.kind === 'ready' && state.value.length === 0 ? (
            <p className="market__muted">{t('marketplace.home.empty')}</p>
          ) : null}
          {state.kind === 'ready'
            ? state.value.map(({ category, products }) => (
                <section
                  key={category.id}
                  className="market-shelf"
                  aria-labelledby={`shelf-${category.slug}`}
                >
                  <div className="market-shelf__header">
                    <h2 className="market-shelf__title" id={`shelf-${category.slug}`}>
                      {category.name}
                    </h2>
                    <Link className="market-shelf__more" to={`/marketplace/category/${category.slug}`}>
                      {t('marketplace.home.seeAll', { name: category.name })}
                    </Link>
                  </div>
                  <ul className="market-grid">
                    {products.slice(0, SHELF_SIZE).map((product) => (
                      <ProductCard key={product.id} product={product} />
                    ))}
                  </ul>
                </section>
              ))
            : null}
        </div>
        <CartPanel cart={cart} />
      </div>
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { MarketplacePage as Component };
