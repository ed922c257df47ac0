import { describe, expect, it } from 'vitest';
import { requestLineProblem } from './http-front.ts';

describe('requestLineProblem', () => {
  it('passes plain and well-encoded addresses', () => {
    expect(requestLineProblem('/walking-the-coast-path/')).toBeUndefined();
    expect(requestLineProblem('/search?q=coast+path&page=2')).toBeUndefined();
    expect(requestLineProblem('/caf%C3%A9/?q=%E2%9C%93')).toBeUndefined();
  });

  it('refuses a malformed percent-encoding in the path or the query', () => {
    expect(requestLineProblem('/caf%C3/')?.status).toBe(400);
    expect(requestLineProblem('/search?q=%E0%A4%A')?.status).toBe(400);
    expect(requestLineProblem('/?q=%ZZ')?.status).toBe(400);
  });

  it('refuses addresses that name another host, and over-long ones', () => {
    expect(requestLineProblem('//evil.example/')?.status).toBe(400);
    expect(requestLineProblem('/\\evil.example/')?.status).toBe(400);
    expect(requestLineProblem(`/${'a'.repeat(5000)}`)?.status).toBe(414);
  });
});
