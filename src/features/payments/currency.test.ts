import { describe, expect, it } from 'vitest';
import {
  type CurrencyFormat,
  defaultCurrency,
  formatAmount,
  formatNumber,
  parseAmount,
  priceInputCharacters,
} from './currency.ts';

const euro: CurrencyFormat = {
  code: 'EUR',
  symbol: '€',
  symbolPosition: 'right',
  decimals: 2,
  decimalSeparator: ',',
  thousandsSeparator: '.',
};
const yen: CurrencyFormat = {
  code: 'JPY',
  symbol: '¥',
  symbolPosition: 'left',
  decimals: 0,
  decimalSeparator: '.',
  thousandsSeparator: ',',
};

describe('amounts in the site’s currency', () => {
  it('formats whole numbers of cents, USD by default', () => {
    expect(formatAmount(0, defaultCurrency)).toBe('$0.00');
    expect(formatAmount(5, defaultCurrency)).toBe('$0.05');
    expect(formatAmount(123_456_789, defaultCurrency)).toBe('$1,234,567.89');
    expect(formatAmount(-2500, defaultCurrency)).toBe('-$25.00');
    expect(formatNumber(100_000, defaultCurrency)).toBe('1,000.00');
  });

  it('follows the symbol’s side, the separators and the decimals', () => {
    expect(formatAmount(123_450, euro)).toBe('1.234,50 €');
    expect(formatAmount(1_234_567, yen)).toBe('¥1,234,567');
    expect(formatAmount(7, { ...defaultCurrency, decimals: 3 })).toBe('$0.007');
  });

  it('keeps only digits, dots and commas as a price is typed', () => {
    expect(priceInputCharacters('$ 1,234.50 USD')).toBe('1,234.50');
    expect(priceInputCharacters('abc')).toBe('');
    expect(priceInputCharacters('-12e3')).toBe('123');
  });

  it('reads a typed price into cents without floats', () => {
    expect(parseAmount('1,234.50', defaultCurrency)).toBe(123_450);
    expect(parseAmount('$25', defaultCurrency)).toBe(2500);
    expect(parseAmount('0.1', defaultCurrency)).toBe(10);
    expect(parseAmount('.5', defaultCurrency)).toBe(50);
    expect(parseAmount('12.', defaultCurrency)).toBe(1200);
    expect(parseAmount('007.00', defaultCurrency)).toBe(700);
    // 0.1 + 0.2 in floats is 0.30000000000000004; in digits it is 30 cents.
    expect(parseAmount('0.30', defaultCurrency)).toBe(30);
    expect(parseAmount('', defaultCurrency)).toBeUndefined();
    expect(parseAmount('.,', defaultCurrency)).toBeUndefined();
  });

  it('rounds extra decimals half up on the digits', () => {
    expect(parseAmount('1.005', defaultCurrency)).toBe(101);
    expect(parseAmount('1.004', defaultCurrency)).toBe(100);
    expect(parseAmount('19.999', defaultCurrency)).toBe(2000);
  });

  it('takes the other separator as decimals unless three digits follow it', () => {
    expect(parseAmount('12,5', defaultCurrency)).toBe(1250);
    expect(parseAmount('1,234', defaultCurrency)).toBe(123_400);
    expect(parseAmount('1,234,56', defaultCurrency)).toBe(123_456);
    expect(parseAmount('1.234,50', euro)).toBe(123_450);
    expect(parseAmount('1.234', euro)).toBe(123_400);
    expect(parseAmount('12.5', euro)).toBe(1250);
    expect(parseAmount('1,234', yen)).toBe(1234);
    expect(parseAmount('1234.6', yen)).toBe(1235);
  });

  it('refuses amounts too long to count exactly', () => {
    expect(parseAmount('9'.repeat(16), defaultCurrency)).toBeUndefined();
    expect(parseAmount('9'.repeat(13), defaultCurrency)).toBe(Number(`${'9'.repeat(13)}00`));
  });
});
