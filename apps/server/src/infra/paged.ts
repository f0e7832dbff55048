import type { Db } from './db';

/**
 * One page of a list and the list's total, read in one statement so both see the same rows.
 * Read as two statements, a row written between them (a speaker's connection history grows while
 * it is looked at) gave a total that the page contradicted: "2 entries" above a page of one.
 *
 * `query` is a whole SELECT without ORDER BY/LIMIT (its own parameters in `params`); the total
 * comes from a window over the same rows. A page past the end has no row to carry the total,
 * so only then is it counted apart.
 */
export async function pageWithTotal<T extends object>(
  db: Db, query: string, params: unknown[], order: string, limit: number, offset: number,
): Promise<{ rows: T[]; total: number }> {
  const select = query.replace(/^\s*SELECT\b/i, 'SELECT count(*) OVER ()::int AS total_rows__,');
  const rows = await db.query<T & { total_rows__?: number }>(
    `${select} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, limit, offset],
  );
  let total = rows[0]?.total_rows__ ?? 0;
  if (rows.length === 0 && offset > 0) {
    total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${query}) AS counted`, params))[0].n;
  }
  for (const row of rows) delete row.total_rows__;
  return { rows, total };
}
