import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { loadBillingStrings } from '../api/billing-strings';

/** The login page's way to sign up; its strings load with it, so the login page carries none. */
export default function SignupLink() {
  const i18n = useI18nStore();
  const { t } = useI18n();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void loadBillingStrings(i18n).then(() => {
      setReady(true);
    });
  }, [i18n]);
  return ready ? (
    <p className="signup-link">
      <Link to="/signup">{t('billing.signup.loginLink')}</Link>
    </p>
  ) : null;
}
