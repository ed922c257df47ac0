/**
 * Money in forms (seed §3 Currency, §9): amounts are whole numbers of the currency's smallest
 * unit (cents) everywhere, never floats, and are shown in the site's format. Isomorphic, and
 * without zod, so the form island can carry it (decision 0013).
 */

export type CurrencyFormat = {
  /** ISO 4217 code, e.g. `USD`. */
  code: string;
  symbol: string;
  symbolPosition: 'left' | 'right';
  /** Digits after the decimal separator: 0 to 4. */
  decimals: number;
  decimalSeparator: string;
  thousandsSeparator: string;
};

/** Seed §9: USD, `$` on the left, 2 decimals, `.` and `,`. */
export const defaultCurrency: CurrencyFormat = {
  code: 'USD',
  symbol: '$',
  symbolPosition: 'left',
  decimals: 2,
  decimalSeparator: '.',
  thousandsSeparator: ',',
};

/** Digits after the decimal point in an ISO 4217 currency (USD 2, JPY 0, KWD 3). */
export function currencyDigits(code: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * The format an amount kept in `code` is shown in: the site's, or, for an order taken before
 * the site changed its currency, the site's separators with the order's own code and digits.
 */
export function currencyFormatFor(code: string, site: CurrencyFormat): CurrencyFormat {
  if (code === site.code) return site;
  return { ...site, code, symbol: code, symbolPosition: 'right', decimals: currencyDigits(code) };
}

/** The amount's digits in the currency's format, without the symbol: `1,234.50`. */
export function formatNumber(minorUnits: number, currency: CurrencyFormat): string {
  const negative = minorUnits < 0;
  const digits = String(Math.abs(Math.trunc(minorUnits))).padStart(currency.decimals + 1, '0');
  const whole = digits.slice(0, digits.length - currency.decimals);
  const fraction = digits.slice(digits.length - currency.decimals);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, currency.thousandsSeparator);
  const number =
    currency.decimals > 0 ? `${grouped}${currency.decimalSeparator}${fraction}` : grouped;
  return negative ? `-${number}` : number;
}

/** The amount as a visitor reads it: `$1,234.50`, or `1.234,50 €` with the symbol on the right. */
export function formatAmount(minorUnits: number, currency: CurrencyFormat): string {
  const number = formatNumber(Math.abs(minorUnits), currency);
  const shown =
    currency.symbolPosition === 'left'
      ? `${currency.symbol}${number}`
      : `${number} ${currency.symbol}`.trim();
  return minorUnits < 0 ? `-${shown}` : shown;
}

/** Seed §4: a user-input price keeps only digits, dots and commas as it is typed. */
export function priceInputCharacters(text: string): string {
  return text.replace(/[^\d.,]/g, '');
}

/**
 * What a visitor typed as a price, in the smallest unit, or undefined when it holds no digit
 * or a minus sign.
 * The currency's decimal separator marks the decimals; the other one does too when fewer or
 * more than three digits follow it last (`12,5` on a site that writes `12.50`), and otherwise
 * groups thousands. Extra decimals are rounded half up on the digits, never through a float.
 */
export function parseAmount(text: string, currency: CurrencyFormat): number | undefined {
  // A minus sign is not dropped like other characters: -50 is no amount, never 50.
  if (text.includes('-')) return undefined;
  const kept = priceInputCharacters(text);
  if (!/\d/.test(kept)) return undefined;
  const last = Math.max(kept.lastIndexOf('.'), kept.lastIndexOf(','));
  let whole = kept;
  let fraction = '';
  if (last >= 0) {
    const separator = kept[last];
    const tail = kept.slice(last + 1);
    if (separator === currency.decimalSeparator || tail.length !== 3) {
      whole = kept.slice(0, last);
      fraction = tail;
    }
  }
  const wholeDigits = whole.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '') || '0';
  const padded = fraction.padEnd(currency.decimals, '0');
  const inUnits = `${wholeDigits}${padded.slice(0, currency.decimals)}`;
  if (inUnits.length > 15) return undefined;
  const roundUp = Number(padded[currency.decimals] ?? '0') >= 5 ? 1 : 0;
  return Number(inUnits) + roundUp;
}
