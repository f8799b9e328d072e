import { type PaymentReturnState, parsePaymentReturnState } from '@member/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { logger } from '../../../lib/logger';
import { type GiveawayReceipt, giveawayReceipt } from '../api/giveaways';

/** How often, and how many times, a return that says "paid" asks the server again while it is pending. */
export const RECEIPT_POLL_MS = 1_500;
export const RECEIPT_POLL_TRIES = 8;

export interface GiveawayReturn {
  state: PaymentReturnState;
  /** The server's receipt; null when it could not be read (no checkout id, or an error). */
  receipt: GiveawayReceipt | null;
}

const GIVEAWAY_PURPOSES = new Set(['entries', 'upsell']);

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The payment return on a giveaway (`?state=` from the hosted page, purposes `entries` and `upsell`):
 * read once and cleared, then the server is asked what it verified and granted. A return that says
 * "paid" asks again a few times while the server still says pending (the webhook may be on its way),
 * so the member sees the entries without another click; the state itself proves nothing.
 */
export function useGiveawayReturn(onResult: (result: GiveawayReturn) => void): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const raw = params.get('state');
  const handled = useRef<string | null>(null);
  const latest = useRef(onResult);
  const polling = useRef<AbortController | null>(null);
  useEffect(() => {
    latest.current = onResult;
  }, [onResult]);
  // Clearing the query re-runs the effect below; only leaving the page stops the polling.
  useEffect(
    () => () => {
      polling.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (raw === null || handled.current === raw) return;
    handled.current = raw;
    void navigate(pathname, { replace: true });
    const state = parsePaymentReturnState(raw);
    if (!state || !GIVEAWAY_PURPOSES.has(state.slug)) return;
    polling.current?.abort();
    const controller = new AbortController();
    polling.current = controller;
    const checkoutId = state.checkoutId;
    void (async () => {
      let receipt: GiveawayReceipt | null = null;
      if (checkoutId) {
        for (let attempt = 0; attempt < RECEIPT_POLL_TRIES && !controller.signal.aborted; attempt += 1) {
          try {
            receipt = await giveawayReceipt(checkoutId);
          } catch (error) {
            logger.warn('Could not read the giveaway receipt', error);
            break;
          }
          if (receipt.outcome !== 'pending' || !state.isSuccess) break;
          await wait(RECEIPT_POLL_MS, controller.signal);
        }
      }
      if (!controller.signal.aborted) latest.current({ state, receipt });
    })();
    // The query is read once per distinct value; the router's helpers are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw]);
}
