import { foldVietnamese, VIETNAMESE_FOLD_FROM, VIETNAMESE_FOLD_TO } from '@loa/contract';

/**
 * SQL of a text expression folded like foldVietnamese (accents and case aside), with translate()
 * and lower(): both PGlite and PostgreSQL have them, no unaccent extension needed.
 */
export const foldedSql = (expr: string): string => `lower(translate(${expr}, '${VIETNAMESE_FOLD_FROM}', '${VIETNAMESE_FOLD_TO}'))`;

/** A LIKE pattern that finds the folded query anywhere in a folded column (its %, _ and \ taken literally). */
export const foldedLikePattern = (query: string): string => `%${foldVietnamese(query.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
