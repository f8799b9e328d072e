import { use } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { useLoaded } from '../../../lib/use-loaded';
import { getCategory } from '../api/marketplace';
import { marketplaceStringsLoaded } from '../api/marketplace-strings';
import { CartPanel, useCart } from './cart-panel';
import { ProductCard } from './product-card';
import '../marketplace.css';

/** `/marketplace/category/:slug`: a category's products and the member's cart. */
export function MarketplaceCategoryPage() {
  use(marketplaceStringsLoaded(useI18nStore()));
  const slug = useParams().slug ?? '';
  return <CategoryScreen key={slug} slug={slug} />;
}

function CategoryScreen({ slug }: { slug: string }) {
  const { t } = useI18n();
  const { state, reload } = useLoaded((signal) => getCategory(slug, signal));
  const cart = useCart();
  const category = state.kind === 'ready' ? state.value?.category : undefined;
  return (
    <Page title={category?.name ?? t('marketplace.categoryTitle')}>
      <p>
        <Link to="/marketplace">{t('marketplace.category.back')}</Link>
      </p>
      <div className="market">
        <div className="market__main">
          <SectionState state={state} onRetry={reload} />
          {state.kind === 'ready' ? (
            state.value === null ? (
              <p className="market__muted">{t('marketplace.category.notFound')}</p>
            ) : state.value.products.length === 0 ? (
              <p className="market__muted">{t('marketplace.category.empty')}</p>
            ) : (
              <ul className="market-grid">
                {state.value.products.map((product) => (
                  <ProductCard key={product.id} product={product} />
                ))}
              </ul>
            )
          ) : null}
        </div>
        <CartPanel cart={cart} />
      </div>
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { MarketplaceCategoryPage as Component };
