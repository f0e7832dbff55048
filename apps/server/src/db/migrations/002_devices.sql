-- Devices (speakers): registry, live state, connection history and play history.
CREATE TABLE devices (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  area_id text NOT NULL REFERENCES areas(id),
  name text NOT NULL,
  serial text NOT NULL,
  lat double precision,
  lng double precision,
  note text NOT NULL DEFAULT '',
  secret_hash text NOT NULL,
  config jsonb NOT NULL DEFAULT '{}',
  online boolean NOT NULL DEFAULT false,
  volume int,
  playing jsonb,
  signal real,
  firmware text,
  ip text,
  last_seen timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX devices_serial ON devices (lower(serial));
CREATE INDEX devices_area ON devices (area_id);
CREATE INDEX devices_admin_name ON devices (admin_id, name);

CREATE TABLE device_connections (
  id bigserial PRIMARY KEY,
  device_id text NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  online boolean NOT NULL,
  reason text NOT NULL,
  ip text
);
CREATE INDEX device_connections_device ON device_connections (device_id, at DESC, id DESC);

CREATE TABLE device_plays (
  id bigserial PRIMARY KEY,
  device_id text NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  event text NOT NULL CHECK (event IN ('started', 'finished', 'error')),
  session_id text,
  item_index int,
  url text,
  message text
);
CREATE INDEX device_plays_device ON device_plays (device_id, at DESC, id DESC);

-- Area-wide configuration (volume, keep-alive, relay channel, quiet hours) inherited by devices.
ALTER TABLE areas ADD COLUMN config jsonb NOT NULL DEFAULT '{}';
