import { UPSELL_ACCESS_DAYS, type VpnAccessRefusal, type VpnPlatformInfo } from '@member/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { accountHref } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession } from '../../../lib/session';
import { useLoaded } from '../../../lib/use-loaded';
import { type VpnStatus, getVpnProfileLink, getVpnStatus, loadVpnStrings } from '../api/vpn';
import './vpn-page.css';

/** The server's refusal slugs, as the reasons the page words. */
const REFUSAL_REASONS: Partial<Record<string, VpnAccessRefusal>> = {
  vpn_not_included: 'no_vpn_plan',
  vpn_disabled: 'vpn_disabled',
  vpn_blocked_country: 'blocked_country',
};

/** `/vpn`: the member's VPN profile and per-platform guides, or why the VPN is not available. */
export function VpnPage() {
  const { t } = useI18n();
  const store = useI18nStore();
  const { state, reload } = useLoaded(async (signal) => {
    const [status] = await Promise.all([getVpnStatus(signal), loadVpnStrings(store)]);
    return status;
  });
  return (
    <Page title={t('vpn.title')}>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' ? (
        state.value.available ? (
          <VpnDownloads status={state.value} />
        ) : (
          <VpnUnavailable status={state.value} />
        )
      ) : null}
    </Page>
  );
}

function VpnUnavailable({ status }: { status: VpnStatus }) {
  const { t } = useI18n();
  const reason = status.reason ?? 'no_vpn_plan';
  return (
    <section className="vpn__card vpn__unavailable" aria-labelledby="vpn-unavailable">
      <h2 id="vpn-unavailable" className="vpn__heading">
        {t(`vpn.unavailable.${reason}.title`)}
      </h2>
      <p>{t(`vpn.unavailable.${reason}.text`)}</p>
      {reason === 'no_vpn_plan' && status.upsell !== 'vpn' ? (
        <Link className="button button--primary" to={accountHref('membership')}>
          {t('vpn.unavailable.upsell')}
        </Link>
      ) : null}
      {status.upsell === 'vpn' ? <VpnUpsell /> : null}
    </section>
  );
}

/**
 * The VPN upsell the giveaways' rule (`chooseUpsell`) offers this member, as the server decided it: what
 * it gives and the way to the plans that carry the VPN (marked first there by `?for=vpn`).
 */
function VpnUpsell() {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="vpn__upsell" aria-labelledby={headingId} data-testid="vpn-upsell">
      <h3 id={headingId} className="vpn__upsell-title">
        {t('vpn.upsellOffer.title')}
      </h3>
      <p>{t('vpn.upsellOffer.text', { days: UPSELL_ACCESS_DAYS })}</p>
      <Link className="button button--primary" to={`${accountHref('membership')}?for=vpn#plans`}>
        {t('vpn.upsellOffer.cta')}
      </Link>
    </section>
  );
}

function VpnDownloads({ status }: { status: VpnStatus }) {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleDownload(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      const { url, fileName } = await getVpnProfileLink();
      // A plain link click: the browser saves the file (content-disposition: attachment).
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } catch (cause) {
      logger.warn('Could not prepare the VPN profile', cause);
      const reason = REFUSAL_REASONS[slugOf(cause) ?? ''];
      setError(reason ? t(`vpn.unavailable.${reason}.title`) : t('vpn.download.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="vpn__intro">{t('vpn.intro')}</p>
      <section className="vpn__card" aria-labelledby={headingId}>
        <h2 id={headingId} className="vpn__heading">
          {t('vpn.download.title')}
        </h2>
        <p>{t('vpn.download.hint')}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void handleDownload()}
        >
          {t('vpn.download.button')}
        </button>
        <p role="status" aria-live="polite" className="vpn__muted">
          {busy
            ? t('vpn.download.preparing')
            : status.certificateExpiresAt
              ? t('vpn.download.validUntil', {
                  date: formatDate(status.certificateExpiresAt, locale, member?.timezone),
                })
              : null}
        </p>
        <p role="alert" className="vpn__error">
          {error}
        </p>
      </section>
      <h2 className="vpn__heading">{t('vpn.platforms.title')}</h2>
      <ul className="vpn__platforms">
        {status.platforms.map((platform) => (
          <PlatformGuide key={platform.platform} info={platform} />
        ))}
      </ul>
    </>
  );
}

function PlatformGuide({ info }: { info: VpnPlatformInfo }) {
  const { t } = useI18n();
  const headingId = useId();
  const p = info.platform;
  return (
    <li className="vpn__card vpn__platform" aria-labelledby={headingId} data-platform={p}>
      <h3 id={headingId} className="vpn__platform-name">
        {t(`vpn.platforms.name.${p}`)}
      </h3>
      <p className="vpn__muted">{t('vpn.platforms.minimum', { version: info.minimumVersion })}</p>
      <ol className="vpn__steps">
        <li>{t(`vpn.platforms.guide.${p}.step1`)}</li>
        <li>{t(`vpn.platforms.guide.${p}.step2`)}</li>
        <li>{t(`vpn.platforms.guide.${p}.step3`)}</li>
      </ol>
      <a className="button button--ghost" href={info.clientUrl} target="_blank" rel="noopener noreferrer">
        {t(`vpn.platforms.client.${info.client}`)}
      </a>
    </li>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { VpnPage as Component };
