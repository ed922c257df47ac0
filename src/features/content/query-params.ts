export const maxPage = 10_000;
export const maxSearchLength = 200;

/** The `page` query parameter: 1 when absent, a number when valid, `invalid` otherwise. */
export function parsePageParam(value: string | null): number | 'invalid' {
  if (value === null || value === '') return 1;
  if (!/^\d{1,5}$/.test(value)) return 'invalid';
  const page = Number(value);
  return page >= 1 && page <= maxPage ? page : 'invalid';
}

/** The search query `q`: trimmed; `invalid` when it is too long to be a real search. */
export function parseSearchParam(value: string | null): string | 'invalid' {
  const query = (value ?? '').trim();
  if (query.length > maxSearchLength) return 'invalid';
  return query;
}
