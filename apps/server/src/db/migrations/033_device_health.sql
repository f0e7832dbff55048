-- Issue #31 item 4: each box's health as it last reported it (CPU temperature, disk and memory free,
-- uptime, agent version, modem; with the faults the server's thresholds found in it), and one
-- notified episode per fault of a box (announced once, and once across instances, as
-- device_clock_notices does for clocks; forgotten when the fault is gone).
ALTER TABLE devices ADD COLUMN health jsonb;
CREATE TABLE device_health_notices (
  device_id text NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  fault text NOT NULL,
  since timestamptz NOT NULL,
  PRIMARY KEY (device_id, fault)
);
