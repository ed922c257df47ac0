import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from './resilient-pg-pool.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it('knows the server ending or refusing connections', () => {
    expect(
      isConnectionLoss(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isConnectionLoss(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isConnectionLoss(withCode('connection failure', '08006'))).toBe(true);
  });

  it('knows the socket failing and pg’s own words for a dead client', () => {
    expect(isConnectionLoss(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      true,
    );
    expect(isConnectionLoss(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isConnectionLoss(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
  });

  it('leaves every other error to its caller', () => {
    expect(
      isConnectionLoss(withCode('duplicate key value violates unique constraint', '23505')),
    ).toBe(false);
    expect(
      isConnectionLoss(withCode('canceling statement due to statement timeout', '57014')),
    ).toBe(false);
    expect(isConnectionLoss(new Error('syntax error'))).toBe(false);
    expect(isConnectionLoss('Connection terminated')).toBe(false);
  });
});
