import { describe, expect, it } from 'vitest';
import { isNumberKey, numberError } from './number.ts';

describe('numberError', () => {
  it('accepts an empty value (required is a separate rule)', () => {
    expect(numberError('', { min: 5 })).toBeUndefined();
  });
  it('accepts integers and decimals, negative too', () => {
    for (const good of ['0', '42', '-7', '3.25', '-0.5', '.5', '10.']) {
      expect(numberError(good, {}), good).toBeUndefined();
    }
  });
  it('refuses what is not a number', () => {
    for (const bad of ['abc', '1,5', '1.2.3', '--1', '1-', '-', '.', '1e3', 'Infinity', '0x10']) {
      expect(numberError(bad, {}), bad).toBe('Please enter a valid number.');
    }
  });
  it('refuses a negative value when only positive numbers are allowed', () => {
    expect(numberError('-1', { positive: true })).toBe('Please enter a valid positive number.');
    expect(numberError('0', { positive: true })).toBeUndefined();
    expect(numberError('-1', { positive: false })).toBeUndefined();
  });
  it('refuses a value below the minimum', () => {
    expect(numberError('4.9', { min: 5 })).toBe('Please enter a value greater than or equal to 5.');
    expect(numberError('5', { min: 5 })).toBeUndefined();
  });
  it('refuses a value above the maximum', () => {
    expect(numberError('10.5', { max: 10 })).toBe('Please enter a value less than or equal to 10.');
    expect(numberError('10', { max: 10 })).toBeUndefined();
  });
  it('refuses a value off the step, counted from 0 without a minimum', () => {
    expect(numberError('7', { step: 5 })).toBe('Please enter a multiple of 5, counted from 0.');
    expect(numberError('15', { step: 5 })).toBeUndefined();
    expect(numberError('-15', { step: 5 })).toBeUndefined();
  });
  it('counts the step from the minimum', () => {
    expect(numberError('5', { min: 2, step: 5 })).toBe(
      'Please enter a multiple of 5, counted from 2.',
    );
    expect(numberError('7', { min: 2, step: 5 })).toBeUndefined();
  });
  it('gets decimal steps right despite binary floating point', () => {
    expect((0.3 - 0) / 0.1).not.toBe(3);
    for (const good of ['0.3', '0.7', '1.1', '2.2', '100.9']) {
      expect(numberError(good, { step: 0.1 }), good).toBeUndefined();
    }
    expect(numberError('0.35', { step: 0.1 })).toBe(
      'Please enter a multiple of 0.1, counted from 0.',
    );
    expect(numberError('0.3', { min: 0.1, step: 0.2 })).toBeUndefined();
    expect(numberError('0.4', { min: 0.1, step: 0.2 })).toBe(
      'Please enter a multiple of 0.2, counted from 0.1.',
    );
    expect(numberError('0.0000003', { step: 1e-7 })).toBeUndefined();
  });
  it('reports the first failing rule: number, positive, min, max, step', () => {
    const bounds = { min: -10, max: -2, step: 4, positive: true };
    expect(numberError('x', bounds)).toBe('Please enter a valid number.');
    expect(numberError('-20', bounds)).toBe('Please enter a valid positive number.');
    expect(numberError('-20', { ...bounds, positive: false })).toBe(
      'Please enter a value greater than or equal to -10.',
    );
    expect(numberError('-1', { ...bounds, positive: false })).toBe(
      'Please enter a value less than or equal to -2.',
    );
    expect(numberError('-3', { ...bounds, positive: false })).toBe(
      'Please enter a multiple of 4, counted from -10.',
    );
  });
});

describe('isNumberKey', () => {
  it('lets digits, minus and dot through', () => {
    for (const key of ['0', '5', '9', '-', '.']) expect(isNumberKey(key), key).toBe(true);
  });
  it('stops other printed characters', () => {
    for (const key of ['a', 'e', 'E', '+', ',', ' ', '😀', '٣']) {
      expect(isNumberKey(key), key).toBe(false);
    }
  });
  it('lets named keys through', () => {
    for (const key of ['Backspace', 'Tab', 'ArrowLeft', 'Enter', 'Delete', 'F5']) {
      expect(isNumberKey(key), key).toBe(true);
    }
  });
});
