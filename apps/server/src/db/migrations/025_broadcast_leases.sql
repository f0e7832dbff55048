-- Several servers (docs/architecture.md "Several servers and fail-over"): the instance that runs a
-- session holds a lease on it, renewed every tick; a session whose lease ran out (its instance died)
-- is claimed by another, which carries it on by wall clock. A new row is leased for a few seconds
-- before its instance first renews it. A stop asked through another instance is left for the owner
-- in stop_request, so the session is ended where its pre-empted sessions are known.
ALTER TABLE broadcasts ADD COLUMN owner text;
ALTER TABLE broadcasts ADD COLUMN lease_until timestamptz DEFAULT (now() + interval '5 seconds');
ALTER TABLE broadcasts ADD COLUMN stop_request jsonb;
UPDATE broadcasts SET lease_until = NULL WHERE status NOT IN ('playing', 'waiting');
CREATE INDEX broadcasts_active_lease ON broadcasts (lease_until) WHERE status IN ('playing', 'waiting');
