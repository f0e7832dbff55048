-- Programme library, broadcast schedules with approval, and the scheduler's record of what it fired.
CREATE TABLE programmes (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  created_by text NOT NULL REFERENCES users(id),
  name text NOT NULL,
  message_type int NOT NULL,
  sources jsonb NOT NULL,
  total_seconds double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX programmes_admin ON programmes (admin_id, updated_at DESC);

CREATE TABLE schedules (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  created_by text NOT NULL REFERENCES users(id),
  approved_by text REFERENCES users(id),
  title text NOT NULL,
  programme_id text REFERENCES programmes(id),
  sources jsonb NOT NULL,
  items jsonb NOT NULL,
  total_seconds double precision NOT NULL,
  chosen_areas jsonb NOT NULL,
  chosen_devices jsonb NOT NULL,
  target_areas jsonb NOT NULL,
  target_devices jsonb NOT NULL,
  device_count int NOT NULL,
  message_type int NOT NULL,
  priority int NOT NULL,
  mode text NOT NULL CHECK (mode IN ('hangtuan', 'motlan')),
  weekdays jsonb NOT NULL,
  start_date date NOT NULL,
  end_date date,
  times jsonb NOT NULL,
  repeat_mode int NOT NULL,
  repeat_interval int NOT NULL,
  repeat_count int NOT NULL,
  status text NOT NULL CHECK (status IN ('choduyet', 'daduyet', 'yeucausua', 'ketthuc')),
  reason text,
  pinned boolean NOT NULL DEFAULT false,
  version int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX schedules_admin ON schedules (admin_id, status);

-- One row per planned occurrence the scheduler handled: the primary key makes firing happen once.
CREATE TABLE schedule_runs (
  schedule_id text NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  planned_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('fired', 'missed')),
  broadcast_id text,
  lag_ms int,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (schedule_id, planned_at)
);
ALTER TABLE broadcasts ADD COLUMN schedule_id text REFERENCES schedules(id) ON DELETE SET NULL;
