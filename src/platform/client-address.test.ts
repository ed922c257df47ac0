import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('clientAddress', () => {
  it('is the socket address when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', 0)).toBe('198.51.100.1');
  });
  it('takes the address the trusted proxy saw', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    // A visitor who sends their own header only adds entries on the left.
    expect(clientAddress('1.2.3.4, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddress('1.2.3.4, 203.0.113.9, 10.0.0.3', '10.0.0.2', 2)).toBe('203.0.113.9');
  });
  it('stops at the leftmost entry when there are fewer hops than trusted proxies', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.2', 3)).toBe('203.0.113.9');
    expect(clientAddress(null, '10.0.0.2', 1)).toBe('10.0.0.2');
  });
});
