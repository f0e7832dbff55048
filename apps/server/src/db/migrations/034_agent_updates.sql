-- Issue #31 item 3: remote updates of the speaker agent. The signed packages the server may hand
-- out (checked by content and signature when uploaded; the bytes live in the media store under
-- `goi/<sha256>.deb`), the rollouts of a version in stages, and each box's part in a rollout: its
-- stage, its area when the rollout was made (progress per area), the version it ran before (what a
-- rollback goes back to), the version it is to run, and how far it got.
CREATE TABLE agent_packages (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  version text NOT NULL,
  architecture text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  signature text NOT NULL,
  storage_key text NOT NULL,
  uploaded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (admin_id, version, architecture)
);

CREATE TABLE agent_rollouts (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  version text NOT NULL,
  state text NOT NULL CHECK (state IN ('dangchay', 'tamdung', 'hoantat', 'danghoanlai', 'dahoanlai')),
  force boolean NOT NULL DEFAULT false,
  stages int NOT NULL,
  reason text,
  created_by text NOT NULL,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_rollouts_admin ON agent_rollouts (admin_id, created_at DESC);

CREATE TABLE agent_rollout_devices (
  rollout_id text NOT NULL REFERENCES agent_rollouts(id) ON DELETE CASCADE,
  device_id text NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  stage int NOT NULL,
  area_id text NOT NULL,
  previous_version text,
  target_version text NOT NULL,
  rollback boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'cho' CHECK (state IN ('cho', 'dagui', 'xong', 'loi', 'tuquaylai', 'huy')),
  message text NOT NULL DEFAULT '',
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rollout_id, device_id)
);
CREATE INDEX agent_rollout_devices_device ON agent_rollout_devices (device_id);
