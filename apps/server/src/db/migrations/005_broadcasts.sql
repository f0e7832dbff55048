-- Immediate and scheduled broadcasts (sessions of the playout engine), relay channels, uploaded media.
CREATE TABLE channels (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  ten text NOT NULL,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX channels_admin ON channels (admin_id);

CREATE TABLE media (
  key text PRIMARY KEY,
  admin_id text NOT NULL,
  user_id text NOT NULL,
  original_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('file', 'tts', 'recording')),
  duration double precision NOT NULL,
  bitrate int,
  bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE broadcasts (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  created_by text NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('phatngay', 'phatlich')),
  title text NOT NULL,
  message_type int NOT NULL,
  priority int NOT NULL,
  chosen_areas jsonb NOT NULL,
  chosen_devices jsonb NOT NULL,
  -- Resolved addressees: whole areas (one publish each) and single devices.
  target_areas jsonb NOT NULL,
  target_devices jsonb NOT NULL,
  device_count int NOT NULL,
  sources jsonb NOT NULL,
  items jsonb NOT NULL,
  total_seconds double precision NOT NULL,
  repeat_mode int NOT NULL,
  repeat_interval int NOT NULL,
  repeat_count int NOT NULL,
  status text NOT NULL CHECK (status IN ('playing', 'waiting', 'finished', 'stopped')),
  run_index int NOT NULL DEFAULT 0,
  run_started_at timestamptz NOT NULL,
  next_run_at timestamptz,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  stopped_by text,
  end_reason text
);
CREATE INDEX broadcasts_active ON broadcasts (status) WHERE status IN ('playing', 'waiting');
CREATE INDEX broadcasts_creator ON broadcasts (created_by, started_at DESC);
