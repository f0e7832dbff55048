-- CAP 1.2 alerts (issue #14 item 3): where an area lies (the code CAP geocodes name it by, and an
-- optional GeoJSON boundary that polygons and circles are matched against), the alerts received
-- and what each became, and the CAP feeds polled with their validators (ETag, Last-Modified).
CREATE TABLE area_geography (
  area_id text PRIMARY KEY REFERENCES areas(id) ON DELETE CASCADE,
  admin_id text NOT NULL,
  -- Mã đơn vị hành chính (or any code the alerting authority uses in <geocode><value>).
  geocode text,
  -- GeoJSON geometry: Polygon or MultiPolygon, [longitude, latitude] positions.
  boundary jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX area_geography_geocode ON area_geography (admin_id, lower(geocode)) WHERE geocode IS NOT NULL;

CREATE TABLE cap_alerts (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  -- CAP identity: an alert is the same alert when sender, identifier and sent are (duplicates are ignored).
  sender text NOT NULL,
  identifier text NOT NULL,
  sent timestamptz NOT NULL,
  msg_type text NOT NULL,
  cap_status text NOT NULL,
  -- How it came: 'api' (POST /v1/client/cap with a key) or 'feed'.
  via text NOT NULL CHECK (via IN ('api', 'feed')),
  via_name text NOT NULL,
  headline text NOT NULL,
  event text NOT NULL,
  severity text NOT NULL,
  urgency text NOT NULL,
  certainty text NOT NULL,
  area_ids jsonb NOT NULL DEFAULT '[]',
  refs jsonb NOT NULL DEFAULT '[]',
  -- What it became: 'dangxuly' while it is handled, then 'phat' (broadcast at once), 'nhap' (draft
  -- schedule awaiting approval), 'capnhat' / 'huy' (changed or stopped what earlier ones started),
  -- 'boqua' (nothing to do: a test, an acknowledgement…), 'loi' (could not be carried out).
  outcome text NOT NULL DEFAULT 'dangxuly',
  outcome_note text,
  broadcast_id text,
  schedule_id text,
  -- Set when a later Update or Cancel took over what this one started.
  superseded_by text,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cap_alerts_identity ON cap_alerts (admin_id, sender, identifier, sent);
CREATE INDEX cap_alerts_admin ON cap_alerts (admin_id, received_at DESC);

CREATE TABLE cap_feeds (
  id text PRIMARY KEY,
  admin_id text NOT NULL,
  url text NOT NULL,
  created_by text NOT NULL REFERENCES users(id),
  -- From CAP_FEEDS (the server's configuration) rather than added on the Kết nối page.
  from_config boolean NOT NULL DEFAULT false,
  etag text,
  last_modified text,
  -- Entry links already fetched (the newest few hundred), so a poll fetches only new alerts.
  seen jsonb NOT NULL DEFAULT '[]',
  last_polled_at timestamptz,
  last_ok_at timestamptz,
  last_error text,
  alerts_received int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cap_feeds_url ON cap_feeds (admin_id, url);
