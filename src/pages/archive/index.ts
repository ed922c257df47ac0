import type { APIRoute } from 'astro';

/** The archives dropdown without JavaScript: `/archive?month=/archive/2026/03/` goes there. */
export const GET: APIRoute = ({ url, redirect, rewrite }) => {
  const target = url.searchParams.get('month') ?? '';
  if (target === '') return redirect('/', 303);
  if (!/^\/archive\/\d{4}\/\d{2}\/$/.test(target)) return rewrite('/400');
  return redirect(target, 303);
};
