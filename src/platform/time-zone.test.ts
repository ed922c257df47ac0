import { describe, expect, it } from 'vitest';
import { fromZonedInputs, isTimeZone, toZonedInputs } from './time-zone.ts';

describe('time zones', () => {
  it('reads a date and time in UTC', () => {
    expect(fromZonedInputs('2026-11-26', '14:05', 'UTC')).toBe(Date.UTC(2026, 10, 26, 14, 5));
    expect(toZonedInputs(Date.UTC(2026, 10, 26, 14, 5), 'UTC')).toEqual({
      date: '2026-11-26',
      time: '14:05',
    });
  });

  it('reads a date and time in a zone with summer time, both ways', () => {
    // Paris is UTC+1 in winter and UTC+2 in summer.
    expect(fromZonedInputs('2026-01-10', '09:30', 'Europe/Paris')).toBe(
      Date.UTC(2026, 0, 10, 8, 30),
    );
    expect(fromZonedInputs('2026-07-10', '09:30', 'Europe/Paris')).toBe(
      Date.UTC(2026, 6, 10, 7, 30),
    );
    expect(toZonedInputs(Date.UTC(2026, 6, 10, 7, 30), 'Europe/Paris')).toEqual({
      date: '2026-07-10',
      time: '09:30',
    });
    expect(toZonedInputs(Date.UTC(2026, 11, 31, 23, 30), 'Asia/Tokyo').date).toBe('2027-01-01');
  });

  it('moves a skipped time forward and takes a doubled one at its first instant', () => {
    // 2026-03-29 02:30 does not exist in Paris (03:30 does); 2026-10-25 02:30 happens twice.
    expect(fromZonedInputs('2026-03-29', '02:30', 'Europe/Paris')).toBe(
      Date.UTC(2026, 2, 29, 1, 30),
    );
    expect(fromZonedInputs('2026-10-25', '02:30', 'Europe/Paris')).toBe(
      Date.UTC(2026, 9, 25, 0, 30),
    );
  });

  it('refuses what is not a date or a time', () => {
    expect(fromZonedInputs('2026-02-30', '10:00', 'UTC')).toBeUndefined();
    expect(fromZonedInputs('2026-13-01', '10:00', 'UTC')).toBeUndefined();
    expect(fromZonedInputs('2026-01-01', '24:00', 'UTC')).toBeUndefined();
    expect(fromZonedInputs('tomorrow', '10:00', 'UTC')).toBeUndefined();
    expect(fromZonedInputs('2026-01-01', '', 'UTC')).toBeUndefined();
  });

  it('knows time zone names', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
