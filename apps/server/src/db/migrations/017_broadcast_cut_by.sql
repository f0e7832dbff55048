-- Issue #18: a broadcast taken over by an officer at the same priority records which broadcast
-- took its speakers (end_reason 'bi-ngat'), so its notification, the system log and the as-run
-- record can say "bị ngắt bởi …".
ALTER TABLE broadcasts ADD COLUMN cut_by text REFERENCES broadcasts(id) ON DELETE SET NULL;
