-- The audit trail outlives what it names (issue #15 item 7): each entry keeps the names of its
-- target and area as they were when it was written, and a deleted area leaves a tombstone so
-- the log view can still place its entries under the areas above it.
ALTER TABLE system_log ADD COLUMN target_name text;
ALTER TABLE system_log ADD COLUMN area_name text;

CREATE TABLE deleted_areas (
  id text PRIMARY KEY,
  ten text NOT NULL,
  parent_id text,
  admin_id text,
  deleted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deleted_areas_admin ON deleted_areas (admin_id);

-- Every deletion path leaves its tombstone, not only the one the areas feature knows.
CREATE FUNCTION areas_keep_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_areas (id, ten, parent_id, admin_id) VALUES (OLD.id, OLD.ten, OLD.parent_id, OLD.admin_id)
    ON CONFLICT (id) DO NOTHING;
  RETURN OLD;
END
$$;
CREATE TRIGGER areas_tombstone AFTER DELETE ON areas FOR EACH ROW EXECUTE FUNCTION areas_keep_tombstone();
