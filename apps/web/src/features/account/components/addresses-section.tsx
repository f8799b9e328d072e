import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { changeAddressHref } from '../api/change-address-loader';
import { type ShippingAddress, deleteAddress, listAddresses } from '../api/addresses';
import { SectionState } from '../../../components/ui/section-state';
import { useLoaded } from '../../../lib/use-loaded';
import { PostalAddress } from '../../../components/ui/postal-address';

function AddressLines({ address }: { address: ShippingAddress }) {
  // Written the way the address's country writes it (issue 14 item 9), the phone under it.
  return (
    <PostalAddress address={address} className="extras__address">
      {address.phone}
    </PostalAddress>
  );
}

/** Account → Addresses: the member's shipping addresses; add and edit on the change-address screen. */
export function AddressesSection() {
  const { t } = useI18n();
  const headingId = useId();
  const { state, reload, set } = useLoaded((signal) => listAddresses(signal));
  const [confirming, setConfirming] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: 'status' | 'error'; text: string } | null>(null);

  async function handleDelete(addresses: ShippingAddress[], id: number): Promise<void> {
    try {
      await deleteAddress(id);
      set(addresses.filter((address) => address.id !== id));
      setMessage({ kind: 'status', text: t('account.addresses.deleted') });
    } catch (error) {
      logger.warn('Could not delete an address', error);
      setMessage({ kind: 'error', text: t('account.addresses.deleteError') });
    } finally {
      setConfirming(null);
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('account.addresses.title')}
      </h2>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' ? (
        <>
          {state.value.length === 0 ? (
            <p className="account-section__muted">{t('account.addresses.empty')}</p>
          ) : (
            <ul className="extras__list">
              {state.value.map((address) => {
                const name = `${address.firstName} ${address.lastName}`;
                return (
                  <li key={address.id} className="extras__card">
                    <AddressLines address={address} />
                    {confirming === address.id ? (
                      <div
                        className="extras__actions"
                        role="group"
                        aria-label={t('account.addresses.confirmDelete')}
                      >
                        <span>{t('account.addresses.confirmDelete')}</span>
                        <button
                          type="button"
                          className="button extras__danger"
                          onClick={() => void handleDelete(state.value, address.id)}
                        >
                          {t('account.addresses.confirmDeleteButton')}
                        </button>
                        <button
                          type="button"
                          className="button button--ghost"
                          onClick={() => {
                            setConfirming(null);
                          }}
                        >
                          {t('account.cancel')}
                        </button>
                      </div>
                    ) : (
                      <div className="extras__actions">
                        <Link
                          className="button button--ghost"
                          to={changeAddressHref(address.id)}
                          aria-label={t('account.addresses.editLabel', { name })}
                        >
                          {t('account.addresses.edit')}
                        </Link>
                        <button
                          type="button"
                          className="button button--ghost"
                          aria-label={t('account.addresses.deleteLabel', { name })}
                          onClick={() => {
                            setConfirming(address.id);
                            setMessage(null);
                          }}
                        >
                          {t('account.addresses.delete')}
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <Link className="button button--primary extras__add" to={changeAddressHref('new')}>
            {t('account.addresses.add')}
          </Link>
          <p role="status" aria-live="polite" className="account-section__muted">
            {message?.kind === 'status' ? message.text : null}
          </p>
          <p role="alert" className="extras__form-error">
            {message?.kind === 'error' ? message.text : null}
          </p>
        </>
      ) : null}
    </section>
  );
}
