-- The as-run record (nhật ký phát sóng) reads what each speaker reported per broadcast session,
-- and the scheduler's record of each fired occurrence by its broadcast.
CREATE INDEX device_plays_session ON device_plays (session_id, device_id) WHERE session_id IS NOT NULL;
CREATE INDEX schedule_runs_broadcast ON schedule_runs (broadcast_id) WHERE broadcast_id IS NOT NULL;
CREATE INDEX broadcasts_admin_run ON broadcasts (admin_id, run_started_at);
