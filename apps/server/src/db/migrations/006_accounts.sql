-- Accounts (deletion keeps history), invitations, e-mail verification, notifications and their
-- forwarding, and a system log that is append-only and pages fast by (admin, filter, time).

ALTER TABLE users ADD COLUMN deleted_at timestamptz;
CREATE INDEX users_admin ON users (admin_id, lower(tentaikhoan));

CREATE TABLE invitations (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  invited_by text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  hoten text NOT NULL DEFAULT '',
  loaitaikhoan text NOT NULL,
  quyenhan jsonb NOT NULL DEFAULT '[]',
  area_id text REFERENCES areas(id),
  status text NOT NULL DEFAULT 'cho' CHECK (status IN ('cho', 'dadung', 'huy')),
  expires_at timestamptz NOT NULL,
  used_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_admin ON invitations (admin_id, created_at DESC);

CREATE TABLE email_verifications (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  target_type text,
  target_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- One notified episode per offline device, so a long outage is announced once (and once across instances).
CREATE TABLE device_offline_notices (
  device_id text PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  since timestamptz NOT NULL
);

CREATE TABLE notification_forwarding (
  admin_id text NOT NULL,
  service text NOT NULL CHECK (service IN ('telegram', 'webhook')),
  enabled boolean NOT NULL DEFAULT false,
  events jsonb NOT NULL DEFAULT '[]',
  config jsonb NOT NULL DEFAULT '{}',
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (admin_id, service)
);

-- System log: the area an entry is about (filter), indexes for keyset pages per administrator.
ALTER TABLE system_log ADD COLUMN area_id text;
CREATE INDEX system_log_admin_at ON system_log (admin_id, at DESC, id DESC);
CREATE INDEX system_log_admin_user ON system_log (admin_id, user_id, at DESC, id DESC);
CREATE INDEX system_log_admin_action ON system_log (admin_id, action, at DESC, id DESC);
CREATE INDEX system_log_admin_area ON system_log (admin_id, area_id, at DESC, id DESC);

-- Entries are evidence: nothing in the product may change or remove them.
CREATE FUNCTION system_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'system_log is append-only (% refused)', TG_OP;
END
$$;
CREATE TRIGGER system_log_no_update_delete BEFORE UPDATE OR DELETE ON system_log
  FOR EACH ROW EXECUTE FUNCTION system_log_append_only();
CREATE TRIGGER system_log_no_truncate BEFORE TRUNCATE ON system_log
  FOR EACH STATEMENT EXECUTE FUNCTION system_log_append_only();

-- A broadcast's start or stop is announced once, whatever the engine re-sends.
CREATE INDEX notifications_target ON notifications (target_id, kind);
