import { LOCALE_BCP47, type Locale } from '@member/domain';
import { type DisplayedAddress, formatAddressLines } from '@member/domain/address';

const namers = new Map<Locale, (code: string) => string>();

/** The country's name in the reader's language (`FR` → `France`, `Frankreich`…), the code if unknown. */
function countryNamer(locale: Locale): (code: string) => string {
  let namer = namers.get(locale);
  if (!namer) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([LOCALE_BCP47[locale]], { type: 'region' });
    } catch {
      names = null;
    }
    namer = (code) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
    namers.set(locale, namer);
  }
  return namer;
}

/**
 * An address as its country writes it (the domain's `formatAddressLines`, issue 14 item 9), with the
 * country named in the reader's language: one entry per line.
 */
export function addressLines(address: DisplayedAddress, locale: Locale): string[] {
  return formatAddressLines(address, countryNamer(locale));
}

/** The same address on one line (a summary or a table cell). */
export function addressLine(address: DisplayedAddress, locale: Locale): string {
  return addressLines(address, locale).join(', ');
}
