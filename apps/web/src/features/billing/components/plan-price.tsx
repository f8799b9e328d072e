import { formatMoney } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import type { Plan } from '../api/billing-api';

/** How a plan's price reads: "7-day trial for $1.00 then $19.99 / month" (sign-up and plan picker). */
export function usePlanPrice() {
  const { t, locale } = useI18n();
  const period = (plan: Plan) => {
    const { interval, interval_count: count } = plan.recurring;
    if (interval === 'month' && count > 1) return t('billing.signup.periods.months', { count });
    return t(`billing.signup.periods.${interval}`);
  };
  return (plan: Plan): string => {
    const money = (amount: number) => formatMoney(amount, plan.currency, locale);
    const first =
      plan.trialPeriod > 0
        ? t('billing.signup.trial', { days: plan.trialPeriod, price: money(plan.priceInitial) })
        : t('billing.signup.today', { price: money(plan.priceInitial) });
    return `${first} ${t('billing.signup.perPeriod', { price: money(plan.priceRecurring), period: period(plan) })}`;
  };
}
