import { useEffect, useSyncExternalStore } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n';
import { cartCountSnapshot, refreshCartCount, subscribeCartCount } from '../../../lib/cart-count';
import '../header-cart.css';

/** The header's link to the marketplace with the number of items in the member's server cart. */
export function HeaderCart() {
  const { t } = useI18n();
  const count = useSyncExternalStore(subscribeCartCount, cartCountSnapshot, cartCountSnapshot);
  useEffect(() => {
    void refreshCartCount();
  }, []);
  return (
    <NavLink className="header-cart" to="/marketplace" end>
      <Icon name="cart" />
      {count ? (
        <span className="header-cart__count" aria-hidden="true">
          {count}
        </span>
      ) : null}
      <span className="visually-hidden">{t('nav.cart', { count: count ?? 0 })}</span>
    </NavLink>
  );
}
