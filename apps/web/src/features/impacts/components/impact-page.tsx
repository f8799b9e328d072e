import { type SyntheticEvent, use, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MAX_IMPACT_UNITS, MAX_MEMBER_TARGET } from '@member/domain';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { formatDate, formatNumber } from '../../../lib/format';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession } from '../../../lib/session';
import { useLoaded } from '../../../lib/use-loaded';
import { unitFor } from '../api/impact-units';
import { type ImpactDetail, contribute, getImpact, setTarget } from '../api/impacts';
import { impactsStringsLoaded } from '../api/impacts-strings';
import { ImpactProgress } from './impact-progress';
import '../impacts.css';

/** A fresh key per contribution attempt: a retry of the same attempt spends nothing twice. */
function newRequestKey(): string {
  return crypto.randomUUID();
}

/** `/impacts/id/:id`: one project, funding it with coins, the member's target and history. */
export function ImpactPage() {
  use(impactsStringsLoaded(useI18nStore()));
  const { t } = useI18n();
  const id = Number(useParams().id);
  const { state, reload, set } = useLoaded((signal) => getImpact(id, signal));
  const title = state.kind === 'ready' ? state.value.item.name : t('impacts.detailTitle');
  return (
    <Page title={title}>
      <p>
        <Link to="/impacts" className="impacts__back">
          {t('impacts.detail.back')}
        </Link>
      </p>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' ? <ImpactDetailView detail={state.value} onChange={set} /> : null}
    </Page>
  );
}

function ImpactDetailView({
  detail,
  onChange,
}: {
  detail: ImpactDetail;
  onChange: (next: ImpactDetail) => void;
}) {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const { item } = detail;
  const [quantity, setQuantity] = useState(String(item.prices[0]?.quantity ?? 1));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [targetOpen, setTargetOpen] = useState(false);
  const requestKey = useRef(newRequestKey());
  const historyId = useId();
  const errorId = useId();

  const units = Number(quantity);
  const valid = Number.isInteger(units) && units >= 1 && units <= MAX_IMPACT_UNITS;
  const cost = valid ? units * item.price_per_unit : null;

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!valid) {
      setError(t('impacts.detail.invalidQuantity', { max: MAX_IMPACT_UNITS }));
      return;
    }
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const result = await contribute(item.id, units, requestKey.current);
      requestKey.current = newRequestKey();
      const fresh = await getImpact(item.id).catch(() => null);
      onChange(fresh ?? { ...detail, item: result.item, balance: result.balance });
      setDone(
        t('impacts.detail.thanks', {
          count: formatNumber(units, locale),
          unit: unitFor(result.item, units, locale),
        }),
      );
    } catch (failure) {
      logger.warn('Could not fund an impact', failure);
      const slug = slugOf(failure);
      // A refusal is final for this attempt: the next one gets a new key.
      if (slug) requestKey.current = newRequestKey();
      setError(
        slug === 'insufficient_coins'
          ? t('impacts.detail.insufficient')
          : slug === 'impact_closed'
            ? t('impacts.detail.closed')
            : slug === 'invalid_quantity'
              ? t('impacts.detail.invalidQuantity', { max: MAX_IMPACT_UNITS })
              : t('impacts.detail.failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="impact-detail">
      <div className="impact-detail__media">
        {item.images[0] ? <img className="impact-detail__image" src={item.images[0]} alt="" /> : null}
      </div>
      <div className="impact-detail__body">
        <p className="impact-detail__description">{item.description}</p>
        <ImpactProgress item={item} />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setTargetOpen(true);
          }}
        >
          {item.member_target === null ? t('impacts.target.set') : t('impacts.target.change')}
        </button>

        <dl className="impact-detail__balance">
          <dt>{t('impacts.detail.balance')}</dt>
          <dd data-testid="impact-balance">{t('impacts.detail.coins', { count: detail.balance })}</dd>
        </dl>

        {item.active ? (
          <form className="impact-fund" onSubmit={(event) => void handleSubmit(event)} noValidate>
            <h2 className="impact-fund__title">{t('impacts.detail.fundTitle')}</h2>
            <p className="impact-fund__price">
              {t('impacts.list.price', {
                price: t('impacts.detail.coins', { count: item.price_per_unit }),
                unit: item.unit,
              })}
            </p>
            {item.prices.length > 0 ? (
              <div
                className="impact-fund__choices"
                role="group"
                aria-label={t('impacts.detail.quickChoices')}
              >
                {item.prices.map((price) => (
                  <button
                    key={price.quantity}
                    type="button"
                    className="button button--ghost"
                    aria-pressed={quantity === String(price.quantity)}
                    onClick={() => {
                      setQuantity(String(price.quantity));
                    }}
                  >
                    {t('impacts.detail.choice', {
                      count: formatNumber(price.quantity, locale),
                      unit: unitFor(item, price.quantity, locale),
                      price: t('impacts.detail.coins', { count: price.coins }),
                    })}
                  </button>
                ))}
              </div>
            ) : null}
            <FormField
              label={t('impacts.detail.quantity', { unit: item.unitPlural })}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_IMPACT_UNITS}
              step={1}
              value={quantity}
              onChange={(event) => {
                setQuantity(event.target.value);
              }}
              invalid={error !== null}
              describedBy={errorId}
            />
            <button type="submit" className="button button--primary" disabled={busy || !valid}>
              {cost === null
                ? t('impacts.detail.fund')
                : t('impacts.detail.fundFor', { price: t('impacts.detail.coins', { count: cost }) })}
            </button>
            <p role="alert" id={errorId} className="impact-fund__error">
              {error}
            </p>
            <p role="status" aria-live="polite" className="impact-fund__done">
              {done}
            </p>
            {error === t('impacts.detail.insufficient') ? (
              <Link to="/account/wallet">{t('impacts.detail.buyCoins')}</Link>
            ) : null}
          </form>
        ) : (
          <p className="impact-fund__closed">{t('impacts.detail.closed')}</p>
        )}

        <h2 className="impact-detail__subtitle" id={historyId}>
          {t('impacts.detail.history')}
        </h2>
        {detail.history.length === 0 ? (
          <p className="impacts__empty">{t('impacts.detail.noHistory')}</p>
        ) : (
          <ul className="impact-history" aria-labelledby={historyId}>
            {detail.history.map((line) => (
              <li key={line.id} className="impact-history__line">
                <span>{formatDate(line.createdAt, locale, member?.timezone, 'medium')}</span>
                <span>
                  {t('impacts.detail.historyLine', {
                    count: formatNumber(line.quantity, locale),
                    unit: unitFor(item, line.quantity, locale),
                  })}
                </span>
                <span className="impact-history__coins">
                  {t('impacts.detail.coins', { count: line.coins })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {targetOpen ? (
        <TargetDialog
          detail={detail}
          onClose={() => {
            setTargetOpen(false);
          }}
          onSaved={(next) => {
            onChange({ ...detail, item: next });
          }}
        />
      ) : null}
    </div>
  );
}

/** The target modal: the member's own goal for this item. */
function TargetDialog({
  detail,
  onClose,
  onSaved,
}: {
  detail: ImpactDetail;
  onClose: () => void;
  onSaved: (item: ImpactDetail['item']) => void;
}) {
  const { t } = useI18n();
  const { item } = detail;
  const [value, setValue] = useState(item.member_target === null ? '' : String(item.member_target));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);

  async function save(target: number | null): Promise<void> {
    if (target !== null && !(Number.isInteger(target) && target >= 1 && target <= MAX_MEMBER_TARGET)) {
      setError(t('impacts.target.invalid', { max: MAX_MEMBER_TARGET }));
      return;
    }
    setBusy(true);
    try {
      onSaved(await setTarget(item.id, target));
      dialogRef.current?.close();
    } catch (failure) {
      logger.warn('Could not save an impact target', failure);
      setError(t('impacts.detail.failed'));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t('impacts.target.title')}
      description={t('impacts.target.description', { unit: item.unitPlural, name: item.name })}
      onClose={onClose}
      closeLabel={t('impacts.target.close')}
      dialogRef={dialogRef}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save(Number(value));
        }}
        noValidate
      >
        <FormField
          label={t('impacts.target.label', { unit: item.unitPlural })}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_MEMBER_TARGET}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
          }}
          error={error}
        />
        <div className="impact-target__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('impacts.target.save')}
          </button>
          {item.member_target !== null ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => void save(null)}
            >
              {t('impacts.target.clear')}
            </button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ImpactPage as Component };
