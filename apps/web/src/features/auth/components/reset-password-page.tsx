import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { loginHref } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import '../auth.css';

/** `/reset-password/:key`: password recovery arrives in a later release; until then, say so. */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const { brand } = useSession();
  useDocumentTitle(t('auth.resetPassword.title'));
  return (
    <StandalonePage header={<BrandMark name={brand.name} logo={brand.logo} size="lg" />}>
      <h1 className="auth__title">{t('auth.resetPassword.title')}</h1>
      <ComingSoon />
      <Link className="button button--ghost button--block" to={loginHref()}>
        {t('auth.resetPassword.backToLogin')}
      </Link>
    </StandalonePage>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ResetPasswordPage as Component };
