-- Issue #30: a speaker reports what it played while its link was down once it is back, at least once
-- (MQTT QoS 1: a report whose acknowledgement was lost is sent again). The same report (device,
-- session, item, event, instant) is kept once; copies already stored are removed first.
DELETE FROM device_plays p
 USING device_plays q
 WHERE p.session_id IS NOT NULL AND p.item_index IS NOT NULL
   AND p.device_id = q.device_id AND p.session_id = q.session_id AND p.item_index = q.item_index
   AND p.event = q.event AND p.at = q.at AND p.id > q.id;
CREATE UNIQUE INDEX device_plays_once ON device_plays (device_id, session_id, item_index, event, at)
  WHERE session_id IS NOT NULL AND item_index IS NOT NULL;

-- A streamed item that dropped and resumed (or never came back): a `gap`, with the seconds lost.
ALTER TABLE device_plays DROP CONSTRAINT device_plays_event_check;
ALTER TABLE device_plays ADD CONSTRAINT device_plays_event_check CHECK (event IN ('started', 'finished', 'error', 'gap'));
ALTER TABLE device_plays ADD COLUMN gap_seconds real;
