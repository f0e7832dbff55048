-- Issue #31: enrolment codes per area (kept hashed: the code is shown once), the boxes that
-- enrolled with one ("chờ gán" until an officer names, places and confirms them, `pending`), the
-- hardware identity each box reported, and the one-time hand-over of a re-enrolled box to the
-- device whose history it keeps (device_handovers: the enrolled id and its secret's hash, until the
-- box claims the kept device's id).
CREATE TABLE enrolment_codes (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  area_id text NOT NULL REFERENCES areas(id) ON DELETE CASCADE,
  code_hash text NOT NULL UNIQUE,
  note text NOT NULL DEFAULT '',
  max_uses int NOT NULL CHECK (max_uses > 0),
  uses int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enrolment_codes_area ON enrolment_codes (area_id);

ALTER TABLE devices ADD COLUMN pending boolean NOT NULL DEFAULT false;
ALTER TABLE devices ADD COLUMN hardware jsonb;

CREATE TABLE device_handovers (
  enrolled_id text PRIMARY KEY,
  device_id text NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  secret_hash text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
