import type { OnboardingStep } from '@member/domain';
import type { Address } from '@member/domain/address';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { accountHref, orderHref } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import {
  type Onboarding,
  type OnboardingReward,
  type WelcomeGift,
  claimWelcomeGift,
  completeOnboarding,
  getOnboarding,
  getWelcomeGift,
  readDismissed,
  writeDismissed,
} from '../api/onboarding';
import '../onboarding.css';

/** Where each step is done (the gift is claimed here, in a dialog). */
const STEP_LINKS: Record<Exclude<OnboardingStep, 'welcome_gift'>, string> = {
  giveaway_entry: '/giveaways',
  first_impact: '/impacts',
};

export interface GiftAddressFormProps {
  /** Sends the gift to the address the member confirmed (the server checks it again). */
  claim: (address: Address) => Promise<void>;
  /** Called once the gift is claimed. */
  onClaimed: () => void;
  /** The words of the form's refusals. */
  errorText: (error: unknown) => string;
  submitLabel: string;
}

export interface OnboardingPanelProps {
  memberId: number;
  /** The address form the gift ships to (composed by the app from the account feature's form). */
  renderAddressForm: (props: GiftAddressFormProps) => ReactNode;
}

/**
 * The onboarding (spec sections 2, 4, 9): steps 1 to 3 in a panel over the main layout while the server
 * says the onboarding is shown. Each step shows the server's verdict (read again after every navigation,
 * so a step done elsewhere shows as done on return) and links to where it is done. The panel folds into
 * a small button ("later", remembered on this device) and unfolds from it. The finish asks the server,
 * which grants the Explorer Badge and the coins once, and shows them.
 */
export function OnboardingPanel({ memberId, renderAddressForm }: OnboardingPanelProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const [onboarding, setOnboarding] = useState<Onboarding | null>(null);
  const [collapsed, setCollapsed] = useState(() => readDismissed(memberId));
  const [reward, setReward] = useState<OnboardingReward | null>(null);
  const [giftOpen, setGiftOpen] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const headingId = useId();
  const panelId = useId();
  const resumeRef = useRef<HTMLButtonElement>(null);
  const panelHeadingRef = useRef<HTMLHeadingElement>(null);

  const refresh = useCallback((signal?: AbortSignal) => {
    getOnboarding(signal).then(setOnboarding, (error: unknown) => {
      if (signal?.aborted) return;
      // The panel is an offer, not the page: a failed read leaves it as it was.
      logger.warn('Could not read the onboarding', error);
    });
  }, []);

  // Read on arrival, after each navigation and when the member comes back to the tab (a giveaway
  // entered or an impact funded meanwhile shows as done).
  useEffect(() => {
    const controller = new AbortController();
    refresh(controller.signal);
    const onFocus = () => {
      refresh(controller.signal);
    };
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      controller.abort();
    };
  }, [refresh, pathname]);

  function setFolded(folded: boolean): void {
    setCollapsed(folded);
    writeDismissed(memberId, folded);
    // Unfolded: read the steps again, one may have been done on this screen meanwhile.
    if (!folded) refresh();
    // Keep focus where the member is: on the button that brings the panel back, or on the panel.
    requestAnimationFrame(() => {
      if (folded) resumeRef.current?.focus();
      else panelHeadingRef.current?.focus();
    });
  }

  async function handleFinish(): Promise<void> {
    setFinishing(true);
    setFinishError(null);
    try {
      const result = await completeOnboarding();
      setReward(result);
      setOnboarding(result.onboarding);
    } catch (error) {
      logger.warn('Could not complete the onboarding', error);
      setFinishError(t('onboarding.finish.error'));
      refresh();
    } finally {
      setFinishing(false);
    }
  }

  if (reward) {
    return (
      <Dialog
        title={t('onboarding.finish.title')}
        role="alertdialog"
        focusTitle
        onClose={() => {
          setReward(null);
        }}
        className="onboarding-reward"
      >
        <div className="onboarding-reward__badge" aria-hidden="true">
          <Icon name="sparkles" />
        </div>
        <p data-testid="onboarding-reward">
          {reward.granted
            ? t('onboarding.finish.added', { count: onboarding?.rewardCoins ?? 0 })
            : t('onboarding.finish.already')}
        </p>
        <p data-testid="onboarding-balance">
          {t('onboarding.finish.balance', { balance: t('onboarding.coins', { count: reward.balance }) })}
        </p>
        <div className="onboarding-reward__actions">
          <Link className="button button--primary" to={accountHref('profile')}>
            {t('onboarding.finish.seeBadge')}
          </Link>
          <Link className="button button--ghost" to={accountHref('wallet')}>
            {t('onboarding.finish.wallet')}
          </Link>
          <form method="dialog">
            <button type="submit" className="button button--ghost">
              {t('onboarding.finish.close')}
            </button>
          </form>
        </div>
      </Dialog>
    );
  }

  if (!onboarding?.show) return null;
  const doneCount = onboarding.steps.filter((step) => step.done).length;
  const total = onboarding.steps.length;
  const progress = t('onboarding.panel.progress', { done: doneCount, total });

  if (collapsed) {
    return (
      <button
        ref={resumeRef}
        type="button"
        className="onboarding-resume"
        aria-expanded={false}
        aria-controls={panelId}
        onClick={() => {
          setFolded(false);
        }}
      >
        <Icon name="sparkles" />
        <span>{t('onboarding.panel.resume', { progress })}</span>
      </button>
    );
  }

  return (
    <section className="onboarding" id={panelId} aria-labelledby={headingId}>
      <div className="onboarding__head">
        <h2 className="onboarding__title" id={headingId} ref={panelHeadingRef} tabIndex={-1}>
          {t('onboarding.panel.title')}
        </h2>
        <button
          type="button"
          className="button button--ghost onboarding__later"
          aria-expanded={true}
          aria-controls={panelId}
          onClick={() => {
            setFolded(true);
          }}
        >
          {t('onboarding.panel.later')}
        </button>
      </div>
      <p className="onboarding__lead">
        {t('onboarding.panel.lead', {
          minutes: onboarding.minutes,
          coins: t('onboarding.coins', { count: onboarding.rewardCoins }),
        })}
      </p>
      <p className="onboarding__progress">
        <progress max={total} value={doneCount} aria-label={progress} />
        <span aria-hidden="true">{progress}</span>
      </p>
      <ol className="onboarding__steps">
        {onboarding.steps.map(({ step, done }, index) => (
          <li key={step} className={done ? 'onboarding-step onboarding-step--done' : 'onboarding-step'}>
            <span className="onboarding-step__number" aria-hidden="true">
              {done ? <Icon name="check" /> : index + 1}
            </span>
            <div className="onboarding-step__body">
              <h3 className="onboarding-step__title">{t(`onboarding.steps.${step}.title`)}</h3>
              <p className="onboarding-step__text">{t(`onboarding.steps.${step}.text`)}</p>
              <p className="onboarding-step__state" data-testid={`onboarding-${step}`}>
                {done ? t('onboarding.panel.done') : t('onboarding.panel.todo')}
              </p>
              {done ? null : step === 'welcome_gift' ? (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => {
                    setGiftOpen(true);
                  }}
                >
                  {t('onboarding.steps.welcome_gift.action')}
                </button>
              ) : (
                <Link
                  className="button button--ghost"
                  to={STEP_LINKS[step]}
                  onClick={() => {
                    // Out of the way of the page where the step is done; the small button brings it back.
                    setCollapsed(true);
                    writeDismissed(memberId, true);
                  }}
                >
                  {t(`onboarding.steps.${step}.action`)}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
      {onboarding.allDone ? (
        <div className="onboarding__finish">
          <p>{t('onboarding.finish.ready')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={finishing}
            onClick={() => void handleFinish()}
          >
            {finishing ? t('onboarding.finish.busy') : t('onboarding.finish.button')}
          </button>
        </div>
      ) : null}
      <p role="alert" className="onboarding__error">
        {finishError}
      </p>
      {giftOpen ? (
        <WelcomeGiftDialog
          renderAddressForm={renderAddressForm}
          onClose={() => {
            setGiftOpen(false);
            refresh();
          }}
        />
      ) : null}
    </section>
  );
}

/** Step 1: the gift offered, and the address it ships to; a claimed gift says where it is. */
function WelcomeGiftDialog({
  renderAddressForm,
  onClose,
}: {
  renderAddressForm: OnboardingPanelProps['renderAddressForm'];
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [gift, setGift] = useState<WelcomeGift | 'loading' | 'error'>('loading');

  useEffect(() => {
    const controller = new AbortController();
    getWelcomeGift(controller.signal).then(setGift, (error: unknown) => {
      if (controller.signal.aborted) return;
      logger.warn('Could not read the welcome gift', error);
      setGift('error');
    });
    return () => {
      controller.abort();
    };
  }, []);

  const errorText = (error: unknown) =>
    slugOf(error) === 'welcome_gift_unavailable' ? t('onboarding.gift.none') : t('onboarding.gift.error');

  return (
    <Dialog
      title={t('onboarding.gift.title')}
      onClose={onClose}
      closeLabel={t('onboarding.gift.close')}
      focusTitle
      className="onboarding-gift"
    >
      {gift === 'loading' ? (
        <p role="status">{t('common.loading')}</p>
      ) : gift === 'error' ? (
        <p role="alert">{t('onboarding.gift.error')}</p>
      ) : gift.claimedGift !== null ? (
        <>
          <p role="status">{t('onboarding.gift.claimed', { gift: gift.claimedGift })}</p>
          {gift.claimedOrderId !== null ? (
            <Link to={orderHref(gift.claimedOrderId)}>{t('onboarding.gift.viewOrder')}</Link>
          ) : null}
        </>
      ) : gift.product === null ? (
        <p>{t('onboarding.gift.none')}</p>
      ) : (
        <>
          <div className="onboarding-gift__product">
            {gift.product.image ? <img src={gift.product.image} alt="" width={72} height={72} /> : null}
            <p>{t('onboarding.gift.lead', { gift: gift.product.name })}</p>
          </div>
          {renderAddressForm({
            claim: async (address) => {
              setGift(await claimWelcomeGift(address));
            },
            onClaimed: () => undefined,
            errorText,
            submitLabel: t('onboarding.gift.submit'),
          })}
        </>
      )}
    </Dialog>
  );
}
