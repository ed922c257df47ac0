import { describe, expect, it } from 'vitest';
import { AjaxRouter, ajaxMessages, readPostedFields } from './ajax-router.ts';

const multipart = (boundary: string, parts: Record<string, string>) =>
  new Request('http://site.test/ajax', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: `${Object.entries(parts)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`,
  });

describe('readPostedFields', () => {
  it('reads a browser multipart body whose boundary has capital letters', async () => {
    const posted = await readPostedFields(
      multipart('----WebKitFormBoundaryAbCdEf', { action: 'x', 'qforms[fields][1]': 'Ada' }),
      { maxBytes: 10_000, maxFields: 10 },
    );
    expect(posted.ok && posted.fields.entries).toEqual([
      ['action', 'x'],
      ['qforms[fields][1]', 'Ada'],
    ]);
  });

  it('refuses bodies over the size limit before reading them all, and too many fields', async () => {
    const big = await readPostedFields(
      new Request('http://site.test/ajax', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `a=${'x'.repeat(2000)}`,
      }),
      { maxBytes: 1000, maxFields: 10 },
    );
    expect(big).toEqual({ ok: false, status: 413, message: ajaxMessages.tooLarge });
    const many = await readPostedFields(
      new Request('http://site.test/ajax', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1&b=2&c=3',
      }),
      { maxBytes: 1000, maxFields: 2 },
    );
    expect(many).toEqual({ ok: false, status: 413, message: ajaxMessages.tooManyFields });
  });
});

describe('AjaxRouter', () => {
  const router = new AjaxRouter<{ who: string }>().register(
    {
      name: 'roomy',
      maxBodyBytes: 1000,
      maxFields: 10,
      handle: async () => ({ success: true, data: null }),
    },
    {
      name: 'echo',
      maxBodyBytes: 100,
      maxFields: 3,
      refusal: (message) => ({ shaped: message }),
      handle: async (fields, _request, context) => ({
        success: true,
        data: { word: fields.get('word'), who: context.who },
      }),
    },
  );
  const post = (body: string) =>
    router.handle(
      new Request('http://site.test/ajax', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
      { who: 'tester' },
    );

  it('hands an action its fields and context and answers JSON', async () => {
    const response = await post('action=echo&word=hi');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: true, data: { word: 'hi', who: 'tester' } });
  });

  it('lets the action word its own refusals', async () => {
    const response = await post('action=echo&a=1&b=2&c=3');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      data: { shaped: ajaxMessages.tooManyFields },
    });
  });

  it('refuses unknown actions and other methods', async () => {
    expect((await post('action=nope')).status).toBe(400);
    const get = await router.handle(new Request('http://site.test/ajax'), { who: 'x' });
    expect(get.status).toBe(405);
  });
});
