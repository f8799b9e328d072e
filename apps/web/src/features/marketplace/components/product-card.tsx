import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import type { ShopProduct } from '../api/marketplace';

export function productPath(product: Pick<ShopProduct, 'slug' | 'id'>): string {
  return `/marketplace/product/${product.slug}/${String(product.id)}`;
}

/** What the member pays for a product, and the list price struck through when the Champion price applies. */
export function ProductPrice({ product }: { product: ShopProduct }) {
  const { t, locale } = useI18n();
  const price = formatMoney(product.price, product.currency, locale);
  if (!product.isMemberPriceApplied) {
    return (
      <p className="market-price">
        <span className="market-price__now">{price}</span>
        <span className="market__muted">
          {t('marketplace.product.memberPrice', {
            price: formatMoney(product.memberPrice, product.currency, locale),
          })}
        </span>
      </p>
    );
  }
  return (
    <p className="market-price">
      <span className="market-price__now">
        {t('marketplace.product.yourPrice', {
          price: formatMoney(product.memberPrice, product.currency, locale),
        })}
      </span>
      <del className="market__muted">{price}</del>
    </p>
  );
}

export function ProductCard({ product }: { product: ShopProduct }) {
  const { t } = useI18n();
  return (
    <li className="market-card">
      {product.images[0] ? <img className="market-card__image" src={product.images[0]} alt="" /> : null}
      <div className="market-card__body">
        <h3 className="market-card__title">
          <Link to={productPath(product)} className="market-card__link">
            {product.name}
          </Link>
        </h3>
        <ProductPrice product={product} />
        {product.inStock ? null : <p className="market__muted">{t('marketplace.product.outOfStock')}</p>}
      </div>
    </li>
  );
}
