import type { Boundary } from '@loa/contract';
import type { Db } from '../../infra/db';

/** An area with where it lies (geocode, GeoJSON boundary), for CAP matching and the device map. */
export interface AreaGeographyRow {
  id: string;
  ten: string;
  cap: string;
  parent_id: string | null;
  geocode: string | null;
  boundary: Boundary | null;
}

/** Every area of an administrator with its geography (none for areas that have none). */
export async function listAreaGeography(db: Db, adminId: string): Promise<AreaGeographyRow[]> {
  return db.query<AreaGeographyRow>(
    `SELECT a.id, a.ten, a.cap, a.parent_id, g.geocode, g.boundary
       FROM areas a LEFT JOIN area_geography g ON g.area_id = a.id
      WHERE a.admin_id = $1 ORDER BY a.ten`,
    [adminId],
  );
}

/**
 * The same with each boundary as its JSON text: CAP matching hands the text to its worker thread,
 * so the main thread never builds (nor clones) the thousands of small arrays of an outline.
 */
export async function listAreaGeographyText(db: Db, adminId: string): Promise<(Omit<AreaGeographyRow, 'boundary'> & { boundary: string | null })[]> {
  return db.query(
    `SELECT a.id, a.ten, a.cap, a.parent_id, g.geocode, g.boundary::text AS boundary
       FROM areas a LEFT JOIN area_geography g ON g.area_id = a.id
      WHERE a.admin_id = $1 ORDER BY a.ten`,
    [adminId],
  );
}

/** Sets an area's geocode and boundary (undefined: left as it is, null: removed). */
export async function saveAreaGeography(db: Db, areaId: string, adminId: string, g: { geocode?: string | null; boundary?: Boundary | null }): Promise<void> {
  await db.query(
    `INSERT INTO area_geography (area_id, admin_id, geocode, boundary) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (area_id) DO UPDATE SET
       geocode = CASE WHEN $5 THEN EXCLUDED.geocode ELSE area_geography.geocode END,
       boundary = CASE WHEN $6 THEN EXCLUDED.boundary ELSE area_geography.boundary END,
       updated_at = now()`,
    [areaId, adminId, g.geocode ?? null, g.boundary ? JSON.stringify(g.boundary) : null, g.geocode !== undefined, g.boundary !== undefined],
  );
}
