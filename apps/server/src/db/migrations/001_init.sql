-- Foundation: settings, areas, accounts, login devices, sign-in throttling, system log.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE areas (
  id text PRIMARY KEY,
  ten text NOT NULL,
  cap text NOT NULL CHECK (cap IN ('tinh', 'huyen', 'xa', 'thon')),
  parent_id text REFERENCES areas(id),
  admin_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX areas_parent ON areas (parent_id);

CREATE TABLE users (
  id text PRIMARY KEY,
  tentaikhoan text NOT NULL,
  password_hash text NOT NULL,
  hoten text NOT NULL,
  email text NOT NULL DEFAULT '',
  sdt text NOT NULL DEFAULT '',
  loaitaikhoan text NOT NULL,
  quyenhan jsonb NOT NULL DEFAULT '[]',
  area_id text REFERENCES areas(id),
  admin_id text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  locked boolean NOT NULL DEFAULT false,
  must_change_password boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_login_name ON users (lower(tentaikhoan));

CREATE TABLE login_devices (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  place text NOT NULL,
  ip text NOT NULL,
  refresh_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('login', 'logout')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX login_devices_user ON login_devices (user_id, last_active_at DESC);

CREATE TABLE login_throttle (
  login_name text PRIMARY KEY,
  failures int NOT NULL,
  window_start timestamptz NOT NULL,
  locked_until timestamptz
);

CREATE TABLE system_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id text,
  tentaikhoan text,
  admin_id text,
  action text NOT NULL,
  target_type text,
  target_id text,
  detail jsonb,
  ip text,
  outcome text NOT NULL DEFAULT 'ok'
);
CREATE INDEX system_log_at ON system_log (at DESC, id DESC);
CREATE INDEX system_log_user ON system_log (user_id, at DESC);
