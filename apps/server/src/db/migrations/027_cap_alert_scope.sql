-- Issue #27 items 4 and 6: CAP alerts scoped to who sent them, refusals listed, feed links retried.

-- The area of the key or account an alert came with ('' for its whole administrator). An alert's
-- identity (sender, identifier, sent) is claimed within that scope only, so a commune key's message
-- can never make a district's alert of the same identity a duplicate; the list shows an alert to
-- the accounts whose scope holds this area or one of the alert's areas.
ALTER TABLE cap_alerts ADD COLUMN claim_area text NOT NULL DEFAULT '';
-- Refused alerts ('tuchoi', and 'hethan' past their <expires>) are kept to be listed but claim
-- nothing: the sender may send the alert again once the cause is fixed.
DROP INDEX cap_alerts_identity;
CREATE UNIQUE INDEX cap_alerts_identity ON cap_alerts (admin_id, sender, identifier, sent, claim_area) WHERE outcome NOT IN ('tuchoi', 'hethan');

-- Links of a feed not handled yet (fetch failed, handling failed for a passing cause, or beyond one
-- poll's share): [{url, attempts, next_at}], retried with backoff even when the feed answers 304.
ALTER TABLE cap_feeds ADD COLUMN pending jsonb NOT NULL DEFAULT '[]';
