import { useId, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { paymentFlowCall } from '../api/payment-flow';
import type { SignupLoader } from '../api/signup-loader';
import { FormField } from '../../../components/ui/form-field';
import { PaymentReturn } from './payment-return';
import { usePlanPrice } from './plan-price';
import '../billing.css';

function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

const ERRORS = [
  'email_taken',
  'invalid_email',
  'password_too_short',
  'password_too_long',
  'password_too_simple',
  'invalid_name',
  'unknown_plan',
] as const;

/** `/signup`: a visitor picks a plan, enters email and password, and pays on the hosted page. */
export function SignupPage() {
  const { t, locale } = useI18n();
  const { brand } = useSession();
  const data = useLoaderData<SignupLoader>();
  const plans = 'plans' in data ? data.plans : null;
  const planPrice = usePlanPrice();
  const [planId, setPlanId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { error: useId(), plans: useId() };
  useDocumentTitle(t('billing.signup.title', { brand: brand.name }));

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    if (planId === null) {
      setError(t('billing.signup.errors.unknown_plan'));
      return;
    }
    setBusy(true);
    setError(null);
    const failure: { code: string | null } = { code: null };
    const result = await paymentFlowCall(
      '/subscriptionflow/v1/signup',
      {
        planId,
        email: text(data, 'email'),
        password: text(data, 'password'),
        name: text(data, 'name'),
        language: locale,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      (next) => {
        failure.code = next;
      },
    );
    const url = result && !Array.isArray(result) ? result.url : null;
    if (typeof url === 'string' && url.startsWith('/paymentflow/')) {
      window.location.assign(url);
      return;
    }
    setBusy(false);
    const reason = failure.code;
    const known = ERRORS.find((item) => item === reason);
    setError(known ? t(`billing.signup.errors.${known}`) : t('billing.signup.errors.failed'));
  }

  return (
    <StandalonePage header={<BrandMark name={brand.name} logo={brand.logo} size="lg" />}>
      <PaymentReturn />
      <h1 className="signup__title">{t('billing.signup.title', { brand: brand.name })}</h1>
      <p className="signup__lead">{t('billing.signup.subtitle')}</p>
      {plans === null ? (
        <p role="alert">{t('billing.signup.loadFailed')}</p>
      ) : plans.length === 0 ? (
        <p>{t('billing.signup.noPlans')}</p>
      ) : (
        <form
          className="signup__form"
          noValidate
          aria-describedby={error ? ids.error : undefined}
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event.currentTarget);
          }}
        >
          <fieldset className="signup-plans">
            <legend className="signup-plans__legend" id={ids.plans}>
              {t('billing.signup.plansLabel')}
            </legend>
            {plans.map((plan) => (
              <label
                className={`signup-plan${plan.id === planId ? ' signup-plan--chosen' : ''}`}
                key={plan.id}
              >
                <input
                  type="radio"
                  name="plan"
                  value={plan.id}
                  checked={plan.id === planId}
                  onChange={() => {
                    setPlanId(plan.id);
                  }}
                />
                <span className="signup-plan__name">{plan.name}</span>
                <span className="signup-plan__description">{plan.description}</span>
                <span className="signup-plan__price">{planPrice(plan)}</span>
              </label>
            ))}
          </fieldset>
          <h2 className="signup__subtitle">{t('billing.signup.accountTitle')}</h2>
          <FormField
            label={t('billing.signup.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
          />
          <FormField
            label={t('billing.signup.password')}
            hint={t('billing.signup.passwordHint')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
          <FormField label={t('billing.signup.name')} name="name" autoComplete="name" maxLength={80} />
          <div className="form-error" id={ids.error} role="alert">
            {error}
          </div>
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t('billing.signup.submitting') : t('billing.signup.submit')}
          </button>
        </form>
      )}
      <p className="signup__login">
        {t('billing.signup.haveAccount')} <Link to="/login">{t('billing.signup.signIn')}</Link>
      </p>
    </StandalonePage>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { SignupPage as Component };
