import { BrandMark } from '../../../components/ui/brand-mark';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { useSession } from '../../../lib/session';
import { NotFoundState } from './error-state';

/** Any path the product does not know: a page titled Not Found. */
export function NotFoundPage() {
  const { brand } = useSession();
  return (
    <StandalonePage header={<BrandMark name={brand.name} logo={brand.logo} size="lg" />}>
      <NotFoundState />
    </StandalonePage>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { NotFoundPage as Component };
