-- API keys (issue #14 item 1). A key acts through an account row of its own (users.api_key), so
-- it has rights and an area scope exactly like an account, is the author of what it starts and
-- the actor of its system-log entries; that row can never sign in (no password) and is left out
-- of account management. The secret is stored only as its SHA-256 (it is 256 random bits).
ALTER TABLE users ADD COLUMN api_key boolean NOT NULL DEFAULT false;

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  user_id text NOT NULL UNIQUE REFERENCES users(id),
  admin_id text NOT NULL,
  name text NOT NULL,
  secret_hash text NOT NULL,
  rate_per_minute int NOT NULL CHECK (rate_per_minute > 0),
  created_by text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by text REFERENCES users(id),
  last_used_at timestamptz,
  last_used_ip text,
  -- Fixed one-minute window of the per-key rate limit, counted in the database so every instance shares it.
  rate_window_start timestamptz,
  rate_count int NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_admin ON api_keys (admin_id, created_at DESC);
CREATE UNIQUE INDEX api_keys_live_name ON api_keys (admin_id, lower(name)) WHERE revoked_at IS NULL;
