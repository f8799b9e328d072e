import { type CheckoutStep, parsePaymentReturnState, resolveStep } from '@member/domain';
import { use, useEffect, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { formatMoney } from '../../../lib/format';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { useLoaded } from '../../../lib/use-loaded';
import { type ShopCheckout, getCheckout } from '../api/marketplace';
import { marketplaceStringsLoaded } from '../api/marketplace-strings';
import { CHECKOUT_STEPS, type checkoutLoader } from '../api/checkout-loader';
import { ConfirmationStep, ConfirmingStep } from './confirmation-step';
import { InformationStep } from './information-step';
import { PaymentStep, ShippingStep } from './shipping-payment-steps';
import '../marketplace.css';

/** What the page shows: a checkout step, or the wait for a returned payment to be verified. */
type Shown = CheckoutStep | 'confirming';

/**
 * Which step to show: the one asked for when the server's checkout has reached it (a reload resumes
 * there), the order once placed, and, back from the payment page, the wait for the server to verify it.
 */
export function shownStep(wanted: CheckoutStep | null, checkout: ShopCheckout, returnedPaid: boolean): Shown {
  if (checkout.status === 'placed') return 'confirmation';
  if (wanted === 'confirmation' && checkout.status === 'paying' && returnedPaid) return 'confirming';
  const reachable = reachableOf(checkout);
  return resolveStep(wanted ?? reachable, reachable);
}

function reachableOf(checkout: ShopCheckout): CheckoutStep {
  return CHECKOUT_STEPS.find((step) => step === checkout.step) ?? 'information';
}

/** `/marketplace/checkout/:step?`: information, shipping, payment, then the order confirmation. */
export function CheckoutPage() {
  use(marketplaceStringsLoaded(useI18nStore()));
  const { t } = useI18n();
  const { step: wanted } = useLoaderData<typeof checkoutLoader>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { state, reload, set } = useLoaded((signal) => getCheckout(signal));
  // The payment page's return (`?state=`) is read once: it proves nothing, it only says which wait to show.
  const [returned] = useState(() => parsePaymentReturnState(params.get('state')));
  const [declined, setDeclined] = useState(returned?.isSuccess === false);
  const returnedPaid = returned?.isSuccess === true;

  const shown = state.kind === 'ready' ? shownStep(wanted, state.value, returnedPaid) : null;
  const target = shown === 'confirming' ? 'confirmation' : shown;
  const targetPath = target ? `/marketplace/checkout/${target}` : null;

  useEffect(() => {
    if (targetPath && (pathname !== targetPath || params.has('state'))) {
      void navigate(targetPath, { replace: true });
    }
  }, [targetPath, pathname, params, navigate]);

  const goTo = (step: CheckoutStep, checkout: ShopCheckout) => {
    set(checkout);
    setDeclined(false);
    void navigate(`/marketplace/checkout/${step}`);
  };

  return (
    <Page
      title={t('marketplace.checkoutTitle')}
      subtitle={shown && shown !== 'confirming' ? t(`marketplace.checkoutSteps.${shown}`) : undefined}
    >
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' && shown ? (
        <>
          <StepList checkout={state.value} shown={shown} />
          {shown === 'confirmation' ? (
            <ConfirmationStep checkout={state.value} />
          ) : shown === 'confirming' ? (
            <ConfirmingStep onChecked={set} />
          ) : state.value.cart.isEmpty ? (
            <div className="market-checkout__empty">
              <p>{t('marketplace.checkout.emptyCart')}</p>
              <Link className="button button--primary" to="/marketplace">
                {t('marketplace.checkout.toShop')}
              </Link>
            </div>
          ) : (
            <div className="market">
              <div className="market__main">
                {shown === 'information' ? (
                  <InformationStep
                    checkout={state.value}
                    onSaved={(next) => {
                      goTo('shipping', next);
                    }}
                  />
                ) : shown === 'shipping' ? (
                  <ShippingStep
                    checkout={state.value}
                    onChosen={(next) => {
                      goTo('payment', next);
                    }}
                  />
                ) : (
                  <PaymentStep checkout={state.value} declined={declined} />
                )}
              </div>
              <OrderSummary checkout={state.value} />
            </div>
          )}
        </>
      ) : null}
    </Page>
  );
}

function StepList({ checkout, shown }: { checkout: ShopCheckout; shown: Shown }) {
  const { t } = useI18n();
  const current = shown === 'confirming' ? 'confirmation' : shown;
  const reachable = CHECKOUT_STEPS.indexOf(reachableOf(checkout));
  const placed = checkout.status === 'placed';
  return (
    <nav aria-label={t('marketplace.checkout.steps')}>
      <ol className="market-steps">
        {CHECKOUT_STEPS.map((step, index) => {
          const label = t(`marketplace.checkoutSteps.${step}`);
          const linked = !placed && step !== 'confirmation' && step !== current && index <= reachable;
          return (
            <li
              key={step}
              className="market-steps__step"
              aria-current={step === current ? 'step' : undefined}
            >
              {linked ? <Link to={`/marketplace/checkout/${step}`}>{label}</Link> : <span>{label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The cart being checked out, with the delivery fee and total as the server priced them. */
function OrderSummary({ checkout }: { checkout: ShopCheckout }) {
  const { t, locale } = useI18n();
  const money = (minor: number) => formatMoney(minor, checkout.currency, locale);
  return (
    <section className="market-cart" aria-label={t('marketplace.checkout.summary')}>
      <h2 className="market-cart__title">{t('marketplace.checkout.summary')}</h2>
      <ul className="market-cart__lines">
        {checkout.cart.lines.map((line) => (
          <li key={line.product.id} className="market-summary__line">
            <span>
              {line.product.name} × {line.quantity}
            </span>
            <span>{money(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="market-totals">
        <div>
          <dt>{t('marketplace.checkout.subtotal')}</dt>
          <dd>{money(checkout.cart.subtotal)}</dd>
        </div>
        {checkout.shippingMethod ? (
          <div>
            <dt>{t('marketplace.checkout.delivery')}</dt>
            <dd>
              {checkout.deliveryFee === 0 ? t('marketplace.checkout.free') : money(checkout.deliveryFee)}
            </dd>
          </div>
        ) : null}
        <div className="market-totals__total">
          <dt>{t('marketplace.checkout.total')}</dt>
          <dd>{money(checkout.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { CheckoutPage as Component };
