import { MAX_CART_QUANTITY } from '@member/domain';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { SectionState } from '../../../components/ui/section-state';
import { formatMoney } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { type Loaded, useLoaded } from '../../../lib/use-loaded';
import { publishCartCount } from '../../../lib/cart-count';
import { type Cart, getCart, setCartQuantity } from '../api/marketplace';

export interface CartState {
  state: Loaded<Cart>;
  reload: () => void;
  set: (cart: Cart) => void;
}

/** The member's server cart, loaded once per screen and shared by the screen's parts (and the header's count). */
export function useCart(): CartState {
  const loaded = useLoaded((signal) =>
    getCart(signal).then((cart) => {
      publishCartCount(cart.count);
      return cart;
    }),
  );
  const { set } = loaded;
  const publishing = useCallback(
    (cart: Cart) => {
      publishCartCount(cart.count);
      set(cart);
    },
    [set],
  );
  return { state: loaded.state, reload: loaded.reload, set: publishing };
}

/** The quantities a member may choose for a product: 1 to its stock, at most the cart's bound. */
export function quantityChoices(stock: number): number[] {
  const top = Math.max(0, Math.min(stock, MAX_CART_QUANTITY));
  return Array.from({ length: top }, (_, index) => index + 1);
}

/** The cart as the server keeps and prices it: change a quantity, remove a line, go to checkout. */
export function CartPanel({ cart }: { cart: CartState }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(productId: number, quantity: number): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      cart.set(await setCartQuantity(productId, quantity));
    } catch (failure) {
      logger.warn('Could not update the cart', failure);
      setError(t('marketplace.cart.updateError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="market-cart" aria-labelledby={headingId}>
      <h2 className="market-cart__title" id={headingId}>
        {t('marketplace.cart.title')}
      </h2>
      <SectionState state={cart.state} onRetry={cart.reload} />
      {cart.state.kind === 'ready' ? (
        cart.state.value.isEmpty ? (
          <p className="market__muted">{t('marketplace.cart.empty')}</p>
        ) : (
          <>
            <p className="market__muted">{t('marketplace.cart.count', { count: cart.state.value.count })}</p>
            <ul className="market-cart__lines">
              {cart.state.value.lines.map((line) => (
                <li key={line.product.id} className="market-cart__line">
                  <div className="market-cart__name">
                    <Link to={`/marketplace/product/${line.product.slug}/${String(line.product.id)}`}>
                      {line.product.name}
                    </Link>
                    <span className="market__muted">
                      {t('marketplace.cart.each', {
                        price: formatMoney(line.unitPrice, line.product.currency, locale),
                      })}
                    </span>
                  </div>
                  <select
                    className="select market-cart__quantity"
                    aria-label={t('marketplace.cart.quantityOf', { name: line.product.name })}
                    value={line.quantity}
                    disabled={busy}
                    onChange={(event) => void change(line.product.id, Number(event.target.value))}
                  >
                    {quantityChoices(Math.max(line.product.stock, line.quantity)).map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </select>
                  <span className="market-cart__total">
                    {formatMoney(line.lineTotal, line.product.currency, locale)}
                  </span>
                  <button
                    type="button"
                    className="button button--ghost market-cart__remove"
                    disabled={busy}
                    onClick={() => void change(line.product.id, 0)}
                  >
                    {t('marketplace.cart.remove', { name: line.product.name })}
                  </button>
                </li>
              ))}
            </ul>
            <dl className="market-totals">
              {cart.state.value.memberSavings > 0 ? (
                <div>
                  <dt>{t('marketplace.cart.savings')}</dt>
                  <dd>{formatMoney(cart.state.value.memberSavings, cart.state.value.currency, locale)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('marketplace.cart.subtotal')}</dt>
                <dd>{formatMoney(cart.state.value.subtotal, cart.state.value.currency, locale)}</dd>
              </div>
            </dl>
            <Link className="button button--primary button--block" to="/marketplace/checkout">
              {t('marketplace.cart.checkout')}
            </Link>
          </>
        )
      ) : null}
      <p role="alert" className="market__error">
        {error}
      </p>
    </section>
  );
}
