import { describe, expect, it } from 'vitest';

import { createTranslator, flattenMessages } from '../../../lib/i18n';
import walletDe from '../../../locales/wallet/de-de.json';
import walletEn from '../../../locales/wallet/en-us.json';
import type { WalletTransaction } from '../api/wallet';
import { ledgerLine } from './ledger-line';

const german = createTranslator({
  locale: 'de-de',
  messages: flattenMessages({ wallet: walletDe }),
  fallback: flattenMessages({ wallet: walletEn }),
});

const entry = (source: string, amount: number, description: string): WalletTransaction => ({
  id: 1,
  date: '2026-11-22T10:00:00Z',
  description,
  amount,
  source,
});

describe('ledgerLine', () => {
  it('words credits from known sources in the member language, with the count formatted', () => {
    expect(ledgerLine(entry('payment', 1200, '1200 coins purchased'), german.t, 'de-de')).toBe(
      '1.200 Münzen gekauft',
    );
    expect(ledgerLine(entry('subscription_bonus', 5, 'Champion bonus coins'), german.t, 'de-de')).toBe(
      'Mitgliedschaftsbonus: 5 Münzen',
    );
  });

  it('keeps the server description for spends and for sources it does not know', () => {
    expect(ledgerLine(entry('spend', -10, 'Giveaway entry'), german.t, 'de-de')).toBe('Giveaway entry');
    expect(ledgerLine(entry('toString', 10, 'Odd source'), german.t, 'de-de')).toBe('Odd source');
    expect(ledgerLine(entry('future_source', 10, 'Later'), german.t, 'de-de')).toBe('Later');
  });
});
