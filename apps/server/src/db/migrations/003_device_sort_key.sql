-- Vietnamese dictionary order for device names on any database (see vietnameseSortKey).
ALTER TABLE devices ADD COLUMN name_key text NOT NULL DEFAULT '';
CREATE INDEX devices_admin_name_key ON devices (admin_id, name_key COLLATE "C");
