import { describe, expect, it } from 'vitest';
import { readPlainHead } from './request-head.ts';

describe('readPlainHead (decision 0072)', () => {
  it('reads a browser’s GET: method, target as sent, headers by lower-case name, trimmed', () => {
    const head = readPlainHead(
      'GET /a-post/?utm_source=x HTTP/1.1\r\nHost: blog.example\r\nAccept-Encoding:  gzip, br \r\nCookie: a=1; b=2\r\nConnection: keep-alive',
    );
    expect(head).toEqual({
      method: 'GET',
      target: '/a-post/?utm_source=x',
      headers: new Map([
        ['host', 'blog.example'],
        ['accept-encoding', 'gzip, br'],
        ['cookie', 'a=1; b=2'],
        ['connection', 'keep-alive'],
      ]),
    });
    expect(readPlainHead('HEAD / HTTP/1.1\r\nHost: b')?.method).toBe('HEAD');
    // obs-text, as latin1, is a value's to carry.
    expect(
      readPlainHead('GET / HTTP/1.1\r\nHost: b\r\nX-Name: caf\xe9')?.headers.get('x-name'),
    ).toBe('caf\xe9');
  });

  it.each([
    ['another method', 'POST / HTTP/1.1\r\nHost: b'],
    ['a lower-case method', 'get / HTTP/1.1\r\nHost: b'],
    ['HTTP/1.0', 'GET / HTTP/1.0\r\nHost: b'],
    ['an absolute target', 'GET http://b/ HTTP/1.1\r\nHost: b'],
    ['an asterisk', 'GET * HTTP/1.1\r\nHost: b'],
    ['a space in the target', 'GET /a b HTTP/1.1\r\nHost: b'],
    ['two spaces', 'GET  / HTTP/1.1\r\nHost: b'],
    ['an empty line first', '\r\nGET / HTTP/1.1\r\nHost: b'],
    ['no Host', 'GET / HTTP/1.1\r\nAccept: */*'],
    ['two Hosts', 'GET / HTTP/1.1\r\nHost: b\r\nHost: c'],
    ['a header twice', 'GET / HTTP/1.1\r\nHost: b\r\nCookie: a=1\r\ncookie: b=2'],
    ['Content-Length', 'GET / HTTP/1.1\r\nHost: b\r\nContent-Length: 0'],
    ['Transfer-Encoding', 'GET / HTTP/1.1\r\nHost: b\r\nTransfer-Encoding: chunked'],
    ['Expect', 'GET / HTTP/1.1\r\nHost: b\r\nExpect: 100-continue'],
    ['Upgrade', 'GET / HTTP/1.1\r\nHost: b\r\nUpgrade: websocket'],
    ['Connection: close', 'GET / HTTP/1.1\r\nHost: b\r\nConnection: close'],
    ['Connection: upgrade', 'GET / HTTP/1.1\r\nHost: b\r\nConnection: Upgrade'],
    ['a bare LF', 'GET / HTTP/1.1\nHost: b'],
    ['a bare LF inside a value', 'GET / HTTP/1.1\r\nHost: b\nX: 1'],
    ['a CR inside a value', 'GET / HTTP/1.1\r\nHost: b\rX: 1'],
    ['a folded line', 'GET / HTTP/1.1\r\nHost: b\r\nX: 1\r\n 2'],
    ['a space before the colon', 'GET / HTTP/1.1\r\nHost : b'],
    ['a line without a colon', 'GET / HTTP/1.1\r\nHost: b\r\nnonsense'],
    ['a control character', 'GET / HTTP/1.1\r\nHost: b\r\nX: a\x00b'],
    ['DEL in a value', 'GET / HTTP/1.1\r\nHost: b\r\nX: a\x7fb'],
    ['an empty header name', 'GET / HTTP/1.1\r\nHost: b\r\n: x'],
    [
      '65 headers',
      `GET / HTTP/1.1\r\nHost: b${Array.from({ length: 64 }, (_, i) => `\r\nX-${i}: 1`).join('')}`,
    ],
  ])('declines a head with %s', (_, text) => {
    expect(readPlainHead(text)).toBeUndefined();
  });

  it('takes 64 headers', () => {
    const lines = Array.from({ length: 63 }, (_, i) => `\r\nX-${i}: 1`).join('');
    expect(readPlainHead(`GET / HTTP/1.1\r\nHost: b${lines}`)?.headers.size).toBe(64);
  });
});
