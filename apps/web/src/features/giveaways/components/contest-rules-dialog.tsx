import {
  CLAIM_DEADLINE_DAYS,
  MINIMUM_ENTRANT_AGE,
  MIN_UNIQUE_ENTRANTS,
  SWEEP_BLOCKED_COUNTRIES,
  WINNER_ANNOUNCE_DAYS,
} from '@member/domain';
import type { CompanyAddress, Locale } from '@member/domain';
import { Dialog } from '../../../components/ui/dialog';
import { addressLines } from '../../../lib/address-format';
import { countryName, formatDate, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { Sweep } from '../api/giveaways';

/**
 * The brand's postal address as lines, for the rules and the postal entry's mailing instructions,
 * written the way its country writes it (`formatAddressLines`, the country named in the reader's
 * language).
 */
export function mailingLines(address: CompanyAddress, locale: Locale): string[] {
  return addressLines(
    {
      name: address.name,
      address: address.street,
      city: address.city,
      region: address.region,
      postcode: address.postcode,
      country: address.country,
    },
    locale,
  );
}

/**
 * The official rules of one giveaway (spec section 2, contest rules modal), written from its own fields:
 * the dates, who may enter, the free ways to enter, the odds, and how the draw is made and checked.
 */
export function ContestRulesDialog({ sweep, onClose }: { sweep: Sweep; onClose: () => void }) {
  const { t, locale } = useI18n();
  const { brand, member } = useSession();
  const timeZone = member?.timezone ?? null;
  const blocked = [...new Set(SWEEP_BLOCKED_COUNTRIES.map((code) => (code === 'UK' ? 'GB' : code)))]
    .map((code) => countryName(code, locale))
    .join(', ');
  const number = (value: number) => formatNumber(value, locale);
  return (
    <Dialog
      title={t('giveaways.rules.title', { name: sweep.name })}
      onClose={onClose}
      closeLabel={t('giveaways.rules.close')}
      closeOnBackdrop
      className="giveaway-rules"
    >
      <div className="giveaway-rules__body">
        <h3>{t('giveaways.rules.sponsorTitle')}</h3>
        <p>
          {t('giveaways.rules.sponsor', {
            brand: brand.name,
            address: mailingLines(brand.companyAddress, locale).join(', '),
            ref: sweep.ref_number,
          })}
        </p>
        <h3>{t('giveaways.rules.datesTitle')}</h3>
        <p>
          {t('giveaways.rules.dates', {
            start: formatDate(sweep.start_date, locale, timeZone, 'medium'),
            end: formatDate(sweep.end_date, locale, timeZone, 'medium'),
            period: sweep.draw_period,
          })}
        </p>
        <h3>{t('giveaways.rules.eligibilityTitle')}</h3>
        <p>{t('giveaways.rules.eligibility', { age: number(MINIMUM_ENTRANT_AGE), countries: blocked })}</p>
        <h3>{t('giveaways.rules.howTitle')}</h3>
        <ul>
          <li>{t('giveaways.rules.noPurchase')}</li>
          {sweep.monthly_exclusive ? <li>{t('giveaways.rules.freeMonthly')}</li> : null}
          {sweep.prices.length > 0 ? <li>{t('giveaways.rules.bought')}</li> : null}
          <li>
            {t('giveaways.rules.postal', {
              address: mailingLines(brand.companyAddress, locale).join(', '),
              ref: sweep.ref_number,
            })}
          </li>
        </ul>
        <h3>{t('giveaways.rules.oddsTitle')}</h3>
        <p>
          {t('giveaways.rules.odds', { sold: number(sweep.total_entries_sold) })}
          {sweep.entries !== null ? ` ${t('giveaways.rules.cap', { cap: number(sweep.entries) })}` : ''}
        </p>
        <h3>{t('giveaways.rules.drawTitle')}</h3>
        <p>
          {t('giveaways.rules.draw', {
            min: number(MIN_UNIQUE_ENTRANTS),
            days: number(WINNER_ANNOUNCE_DAYS),
            claimDays: number(CLAIM_DEADLINE_DAYS),
          })}
        </p>
        <h3>{t('giveaways.rules.verifyTitle')}</h3>
        <p>{t('giveaways.rules.verify')}</p>
        <p className="giveaway-card__mono">{sweep.seed_commitment}</p>
      </div>
    </Dialog>
  );
}
