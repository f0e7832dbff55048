-- The as-run record says what happened then (issue #32, item 6): which speakers a session addressed,
-- in which area, and whether each was online as it started, written by the playout engine as its
-- first play command goes out. A speaker added, moved or removed later leaves that record as it was.
-- Sessions from before this table have no rows here: the record reads the registry for them, as before.
CREATE TABLE broadcast_targets (
  session_id text NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
  device_id text NOT NULL,
  area_id text NOT NULL,
  online boolean NOT NULL,
  PRIMARY KEY (session_id, device_id)
);
