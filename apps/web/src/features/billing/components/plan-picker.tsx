import { isMediaType, signupAmount } from '@member/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SectionState } from '../../../components/ui/section-state';
import { useI18n, type Translator } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { refusalText } from '../../../lib/refusal-text';
import { useLoaded } from '../../../lib/use-loaded';
import { type Plan, getPlans, joinPlan } from '../api/billing-api';
import { usePlanPrice } from './plan-price';

/** The element id the plan picker answers to: `/account/membership#plans` scrolls to it. */
export const PLANS_ANCHOR = 'plans';

/** The refusals of joining a plan that the picker words itself; any other reads by its code. */
const JOIN_ERRORS = ['already_on_plan', 'unknown_plan', 'plan_not_purchasable'] as const;

export function joinRefusalText(error: unknown, t: Translator['t']): string {
  const known = JOIN_ERRORS.find((slug) => slug === slugOf(error));
  return known ? t(`billing.plans.errors.${known}`) : refusalText(error, t);
}

function mediaName(type: string, t: Translator['t']): string {
  if (type === 'vpn') return t('vpn.title');
  return isMediaType(type) ? t(`media.${type}.title`) : type;
}

/**
 * The way into a membership from inside the account (issue 14 item 3): the brand's plans, each with the
 * price the server charges and what it includes, and a button that opens the hosted payment page. Plans
 * the member already runs are marked as theirs; `?for=<media type>` (from a refused title) puts the plans
 * that include it first and marks them. Plans without a price to pay are not offered here.
 */
export function PlanPicker({
  runningPlanIds,
  hasMembership,
}: {
  runningPlanIds: number[];
  hasMembership: boolean;
}) {
  const { t } = useI18n();
  const planPrice = usePlanPrice();
  const headingId = useId();
  const errorId = useId();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const wanted = params.get('for');
  const { state, reload } = useLoaded((signal) => getPlans(signal));
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const ready = state.kind === 'ready';

  useEffect(() => {
    // Sent here to join (from /signup or a refused title): focusing the section brings it into view
    // and tells a screen reader where the member is.
    if (ready && (hash === `#${PLANS_ANCHOR}` || wanted)) sectionRef.current?.focus();
  }, [ready, hash, wanted]);

  async function join(plan: Plan) {
    setBusy(plan.id);
    setError(null);
    try {
      const { checkoutUrl } = await joinPlan(plan.id);
      window.location.assign(checkoutUrl);
    } catch (joinError) {
      logger.warn('Could not start joining a plan', joinError);
      setError(joinRefusalText(joinError, t));
      setBusy(null);
    }
  }

  const plans =
    state.kind === 'ready'
      ? state.value
          .filter((plan) => signupAmount(plan) > 0)
          .map((plan) => ({ plan, matches: wanted !== null && plan.mediaTypes.includes(wanted) }))
          .sort((a, b) => Number(b.matches) - Number(a.matches))
      : [];

  return (
    <section
      className="account-section plan-picker"
      id={PLANS_ANCHOR}
      ref={sectionRef}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h2 className="account-section__title" id={headingId}>
        {hasMembership ? t('billing.plans.addTitle') : t('billing.plans.title')}
      </h2>
      <p className="account-section__muted">
        {wanted && (isMediaType(wanted) || wanted === 'vpn')
          ? t('billing.plans.forMedia', { media: mediaName(wanted, t) })
          : hasMembership
            ? t('billing.plans.addLead')
            : t('billing.plans.lead')}
      </p>
      <SectionState state={state} onRetry={reload} />
      {ready && plans.length === 0 ? <p>{t('billing.signup.noPlans')}</p> : null}
      {plans.length > 0 ? (
        <ul className="plan-picker__list" aria-describedby={error ? errorId : undefined}>
          {plans.map(({ plan, matches }) => {
            const running = runningPlanIds.includes(plan.id);
            return (
              <li className={`plan-card${matches ? ' plan-card--match' : ''}`} key={plan.id}>
                <h3 className="plan-card__name">{plan.name}</h3>
                {matches ? (
                  <p className="plan-card__match">
                    {t('billing.plans.includes', { media: mediaName(wanted ?? '', t) })}
                  </p>
                ) : null}
                <p className="plan-card__description">{plan.description}</p>
                <p className="plan-card__price">{planPrice(plan)}</p>
                {running ? (
                  <p className="plan-card__current">{t('billing.plans.current')}</p>
                ) : (
                  <button
                    type="button"
                    className={`button ${matches || !hasMembership ? 'button--primary' : 'button--ghost'}`}
                    disabled={busy !== null}
                    onClick={() => void join(plan)}
                  >
                    {busy === plan.id
                      ? t('billing.plans.joining')
                      : t('billing.plans.joinLabel', { plan: plan.name })}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="form-error" id={errorId} role="alert">
        {error}
      </div>
    </section>
  );
}
