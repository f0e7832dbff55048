-- Issue #13: each speaker's clock against the server's, as it last reported it (the device table,
-- the device detail and the fault sweep read it), and one notified episode per untrusted clock
-- (announced once, and once across instances, as device_offline_notices does for outages).
ALTER TABLE devices ADD COLUMN clock jsonb;
CREATE TABLE device_clock_notices (
  device_id text PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  since timestamptz NOT NULL,
  fault text NOT NULL
);
