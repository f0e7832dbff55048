-- A pin is the account's own (schedule_pins); schedules.pinned stays as "pinned for everyone",
-- which only an account holding duyetlichphat sets.
CREATE TABLE schedule_pins (
  schedule_id text NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, schedule_id)
);

-- Why an occurrence was missed: 'chuaduyet' (not approved by its start), 'maychudung' (no scheduler
-- ran at its start). What became of a fired one follows from its broadcast and the speakers' plays.
ALTER TABLE schedule_runs ADD COLUMN reason text;

-- Alerts raised once per occurrence whatever the number of instances (primary key): 'sapden', a
-- schedule still awaiting approval 30 minutes before its start.
CREATE TABLE schedule_alerts (
  schedule_id text NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  planned_at timestamptz NOT NULL,
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (schedule_id, planned_at, kind)
);

-- Which speakers played a broadcast (a schedule's outcome, the as-run record) is looked up through
-- device_plays_session (session_id, device_id), made by 015_asrun.sql.
