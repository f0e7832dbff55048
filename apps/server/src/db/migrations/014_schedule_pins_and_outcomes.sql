-- A pin is the account's own (schedule_pins); schedules.pinned stays as "pinned for everyone",
-- which only an account holding duyetlichphat sets.
CREATE TABLE schedule_pins (
  schedule_id text NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, schedule_id)
);
