import { useEffect, useState } from 'react';

import { loadAccountStrings } from '../features/account/api/account-strings';
import { listAddresses } from '../features/account/api/addresses';
import { AddressForm } from '../features/account/components/address-form';
import { loadOnboardingStrings } from '../features/onboarding/api/onboarding';
import {
  type GiftAddressFormProps,
  OnboardingPanel,
} from '../features/onboarding/components/onboarding-panel';
import { useI18n, useI18nStore } from '../lib/i18n';
import { logger } from '../lib/logger';
import { useLoaded } from '../lib/use-loaded';

/**
 * The onboarding over the main layout (loaded on demand by main-layout.tsx, only for members whose tags
 * may show it): the onboarding feature's panel, with the account feature's address form for the
 * welcome gift, filled with the member's first saved address so that claiming it takes two clicks.
 */
export function OnboardingOverlay({ memberId }: { memberId: number }) {
  const store = useI18nStore();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    Promise.all([loadOnboardingStrings(store), loadAccountStrings(store)]).then(
      () => {
        if (current) setReady(true);
      },
      (error: unknown) => {
        logger.warn('Could not load the onboarding', error);
      },
    );
    return () => {
      current = false;
    };
  }, [store]);
  if (!ready) return null;
  return <OnboardingPanel memberId={memberId} renderAddressForm={(props) => <GiftAddress {...props} />} />;
}

function GiftAddress({ claim, onClaimed, errorText, submitLabel }: GiftAddressFormProps) {
  const { t } = useI18n();
  const { state } = useLoaded((signal) => listAddresses(signal));
  if (state.kind === 'loading') return <p role="status">{t('common.loading')}</p>;
  const first = state.kind === 'ready' ? (state.value[0] ?? null) : null;
  return (
    <AddressForm
      key={first?.id ?? 'new'}
      address={first}
      save={claim}
      onSaved={onClaimed}
      errorText={errorText}
      submitLabel={submitLabel}
      offerSaved
    />
  );
}
