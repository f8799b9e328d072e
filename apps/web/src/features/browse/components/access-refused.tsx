import type { MediaType } from '@member/domain';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { ErrorState } from '../../../components/ui/error-state';
import { accountHref, loginHref } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { RefusalReason } from '../api/get-media-details';
import { browseHref } from './browse-links';

/**
 * Why the member cannot open a title (spec sections 5 and 8): it does not play in their country, or
 * their membership does not include its media type (with the way to the plans that include it), or,
 * for a visitor, that signing in is needed.
 */
export function AccessRefused({ media, reason }: { media: MediaType; reason: RefusalReason }) {
  const { t } = useI18n();
  const location = useLocation();
  const isMember = useSession().member !== null;
  const mediaTitle = t(`media.${media}.title`);
  if (reason === 'not_available_in_location') {
    return (
      <ErrorState
        icon={<Icon name="compass" size={28} />}
        title={t('browse.refused.locationTitle')}
        message={t('browse.refused.locationMessage')}
        action={
          <Link className="button button--ghost" to={browseHref(media)}>
            {t('browse.refused.browseMore', { media: mediaTitle })}
          </Link>
        }
      />
    );
  }
  // A visitor would need a membership: signing in (or joining) is the way in (decision 036).
  if (!isMember) {
    return (
      <ErrorState
        icon={<Icon name="user" size={28} />}
        title={t('browse.refused.signInTitle')}
        message={t('browse.refused.signInMessage', { media: mediaTitle })}
        action={
          <Link className="button button--primary" to={loginHref(`${location.pathname}${location.search}`)}>
            {t('browse.refused.signIn')}
          </Link>
        }
      />
    );
  }
  return (
    <ErrorState
      icon={<Icon name="sparkles" size={28} />}
      title={t('browse.refused.subscriptionTitle')}
      message={t('browse.refused.subscriptionMessage', { media: mediaTitle })}
      action={
        <Link className="button button--primary" to={`${accountHref('membership')}?for=${media}#plans`}>
          {t('browse.refused.seeMembership')}
        </Link>
      }
    />
  );
}
