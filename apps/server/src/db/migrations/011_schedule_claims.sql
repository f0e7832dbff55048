-- The scheduler claims an occurrence a moment before its planned second ('claimed'), so that no
-- query stands between the planned second and the play command; the run becomes 'fired' once the
-- command is out. A 'claimed' run found after a restart was never fired and is taken over.
ALTER TABLE schedule_runs DROP CONSTRAINT schedule_runs_status_check;
ALTER TABLE schedule_runs ADD CONSTRAINT schedule_runs_status_check CHECK (status IN ('claimed', 'fired', 'missed'));
