import { describe, expect, it } from 'vitest';
import { adminRoutes, bodyLimits, largestRequestBytes, routeRules } from './routes.ts';

describe('routeRules', () => {
  it('lets POST through only to the addresses that read a body, each with its limit', () => {
    expect(routeRules('/ajax')).toMatchObject({ methods: ['POST'], maxBodyBytes: 1024 * 1024 });
    for (const path of ['/about/', '/about', '/a-post-with-a-form/']) {
      expect(routeRules(path).methods, path).toContain('POST');
      expect(routeRules(path).maxBodyBytes, path).toBe(1024 * 1024);
    }
    for (const path of [
      '/subscription-form/1/8',
      '/subscription/confirm',
      '/subscription/unsubscribe',
    ]) {
      expect(routeRules(path).methods, path).toContain('POST');
      expect(routeRules(path).maxBodyBytes, path).toBe(16 * 1024);
    }
    for (const path of ['/', '/search', '/tag/travel/', '/archive/2026/01/', '/feed.xml']) {
      expect(routeRules(path).methods, path).toEqual(['GET', 'HEAD']);
      expect(routeRules(path).maxBodyBytes, path).toBe(0);
    }
    // The subscribers' import reads a CSV file of up to 1 MB, and only it.
    expect(routeRules('/admin/subscribers/import')).toMatchObject({
      methods: ['GET', 'HEAD', 'POST'],
      maxBodyBytes: 1024 * 1024 + 16 * 1024,
    });
    for (const path of ['/admin/sign-in', '/admin/setup/abc', '/admin/subscribers']) {
      expect(routeRules(path), path).toMatchObject({
        methods: ['GET', 'HEAD', 'POST'],
        maxBodyBytes: 16 * 1024,
        cacheParams: 'all',
      });
    }
    // Screens that change nothing take no body.
    for (const path of ['/admin', '/admin/settings', '/admin/forms/3', '/admin/posts/new']) {
      expect(routeRules(path), path).toMatchObject({ methods: ['GET', 'HEAD'], maxBodyBytes: 0 });
    }
    // The Forms screen imports a forms file of up to 4 MB; the builder saves a whole definition.
    expect(routeRules('/admin/forms').maxBodyBytes).toBe(4 * 1024 * 1024 + 16 * 1024);
    expect(routeRules('/admin/api/forms/save')).toMatchObject({
      methods: ['POST'],
      maxBodyBytes: 2 * 1024 * 1024,
    });
    expect(routeRules('/admin/forms/3/delete').methods).toContain('POST');
    // An export for Admin → Import is streamed to a file, up to 1,000 MB with the form's fields.
    for (const path of ['/admin/import', '/admin/api/import']) {
      expect(routeRules(path), path).toMatchObject({
        maxBodyBytes: 1000 * 1024 * 1024 + 64 * 1024,
        streamsBody: true,
      });
    }
    expect(routeRules('/admin/import/3').maxBodyBytes).toBe(16 * 1024);
    expect(routeRules('/admin/import/3/report.json').methods).toEqual(['GET', 'HEAD']);
    expect(routeRules('/admin/entries/export.csv').methods).toEqual(['GET', 'HEAD']);
    // Reserved first segments are never posts.
    expect(routeRules('/search/').methods).toEqual(['GET', 'HEAD']);
    expect(routeRules('/Not_A_Slug/').methods).toEqual(['GET', 'HEAD']);
  });

  it('names the query parameters each page reads, and all of them for unknown addresses', () => {
    expect(routeRules('/').cacheParams).toEqual([
      'page',
      'p',
      'page_id',
      'attachment_id',
      'cat',
      'tag',
    ]);
    expect(routeRules('/tag/travel/').cacheParams).toEqual(['page']);
    expect(routeRules('/tag/travel').cacheParams).toEqual(['page']);
    expect(routeRules('/archive/2026/01/').cacheParams).toEqual(['page']);
    expect(routeRules('/search')).toMatchObject({ cacheParams: ['q', 'page'], transient: true });
    expect(routeRules('/about/').cacheParams).toEqual([]);
    expect(routeRules('/media/1/640/a.jpg').cacheParams).toBe('all');
    expect(routeRules('/a/b/c/d').cacheParams).toBe('all');
  });

  it('gives each handler the limits the front applies', () => {
    for (const [template, rules] of adminRoutes) {
      const path = template.replace('{id}', '7').replace('{token}', 'abc');
      expect(routeRules(path), template).toBe(rules);
      expect(bodyLimits(path), template).toEqual({
        maxBytes: rules.maxBodyBytes,
        maxFields: rules.maxFields ?? 0,
      });
    }
    expect(bodyLimits('/about/')).toEqual({ maxBytes: 1024 * 1024, maxFields: 1000 });
  });
});

describe('largestRequestBytes', () => {
  it('is a form’s files at the highest upload limit, with its text fields: 1025 MB', () => {
    expect(largestRequestBytes).toBe(1025 * 1024 * 1024);
  });
});
