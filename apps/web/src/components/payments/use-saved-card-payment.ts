import { useEffect, useRef, useState } from 'react';
import { useI18n, useI18nStore } from '../../lib/i18n';
import { logger } from '../../lib/logger';
import { slugOf } from '../../lib/refusal';
import {
  type SavedCard,
  checkoutIdOfUrl,
  listSavedCards,
  loadSavedCardStrings,
  newRequestKey,
  payWithSavedCard,
} from '../../lib/payments/saved-cards';

/** "Use a new card": the purchase goes to the hosted payment page as before. */
export const NEW_CARD = 'new';

export interface SavedCardPayment {
  /** The member's saved cards (default first); null while they load or when they could not be read. */
  cards: SavedCard[] | null;
  /** The chosen card's id, or NEW_CARD. The default card is chosen first. */
  choice: string;
  choose: (choice: string) => void;
  /** True from the click until the member leaves for the receipt (or an error is shown). */
  paying: boolean;
  /** The refusal to show beside the choice (payment failed, no payment method…), or null. */
  error: string | null;
  /**
   * Runs a purchase: `start` is the purchase's own call that opens its hosted checkout (buyCoins,
   * payCheckout, buyEntries…) and answers its URL. With a saved card chosen, the card pays that checkout
   * here and the member goes to the purchase's return page (the server's receipt); with a new card, or a
   * URL that is not a checkout (nothing left to pay), the member goes to the URL. `start`'s own errors
   * are thrown back to the caller, which words them. True when the member is on their way to the next
   * page; false when the saved card's payment was refused (`error` says why).
   */
  pay: (start: () => Promise<string>) => Promise<boolean>;
}

/** Where the member goes next: a full page load, as the hosted page's own return is. */
function go(url: string) {
  window.location.assign(url);
}

/**
 * A purchase paid with a saved card or a new one (docs/decisions/035). Pair it with
 * `<SavedCardChoice payment={…} />` and a pay button that calls `payment.pay(start)`.
 */
export function useSavedCardPayment(): SavedCardPayment {
  const { t } = useI18n();
  const i18n = useI18nStore();
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per purchase attempt: a retry after a lost answer sends it again, so nothing is paid twice.
  const requestKey = useRef<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadSavedCardStrings(i18n).catch((loadError: unknown) => {
      logger.warn('Could not load the saved card strings', loadError);
    });
    listSavedCards(controller.signal).then(
      (loaded) => {
        setCards(loaded);
      },
      (loadError: unknown) => {
        if (controller.signal.aborted) return;
        // Without the list the purchase still works on the hosted page.
        logger.warn('Could not load the saved cards', loadError);
        setCards([]);
      },
    );
    return () => {
      controller.abort();
    };
  }, [i18n]);

  const fallback = cards?.find((card) => card.isDefault)?.paymentMethodId ?? cards?.[0]?.paymentMethodId;
  const chosen =
    choice !== null && (choice === NEW_CARD || cards?.some((card) => card.paymentMethodId === choice))
      ? choice
      : (fallback ?? NEW_CARD);

  async function pay(start: () => Promise<string>): Promise<boolean> {
    setPaying(true);
    setError(null);
    let url: string;
    try {
      url = await start();
    } catch (startError) {
      setPaying(false);
      throw startError;
    }
    const checkoutId = checkoutIdOfUrl(url);
    if (chosen === NEW_CARD || checkoutId === null) {
      go(url);
      return true;
    }
    requestKey.current ??= newRequestKey();
    try {
      const next = await payWithSavedCard({
        checkoutId,
        paymentMethodId: chosen,
        requestKey: requestKey.current,
      });
      requestKey.current = null;
      go(next);
      return true;
    } catch (payError) {
      const slug = slugOf(payError);
      // An answer (even a refusal) ends this attempt; a lost one keeps the key for the retry.
      if (slug !== null) requestKey.current = null;
      else logger.warn('A saved card payment failed', payError);
      setPaying(false);
      setError(
        slug === 'payment_failed' || slug === 'no_payment_method' || slug === 'checkout_closed'
          ? t(`payments.errors.${slug}`)
          : t('payments.errors.failed'),
      );
      return false;
    }
  }

  return { cards, choice: chosen, choose: setChoice, paying, error, pay };
}
