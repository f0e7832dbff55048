-- Issue #14 item 2: the exchange with the province information-source system (Hệ thống thông tin
-- nguồn, Circular 39/2020/TT-BTTTT). docs/interop.md maps every field.

-- Outbound: every message for the province is written here in the transaction of the change it
-- reports, then sent by whichever server instance claims it (a lease, so two instances never send
-- one row at once), retried with backoff until the province takes it. `message_id` is the
-- idempotency key the province sees: a row is sent under one id however often it is retried.
CREATE TABLE province_outbox (
  id bigserial PRIMARY KEY,
  message_id text NOT NULL UNIQUE,
  -- diaban | thietbi | bantin | trangthaithietbi | nhatkyphat
  kind text NOT NULL,
  -- them | sua | xoa | huy | baocao
  op text NOT NULL,
  -- Messages of one object (an area; a device, its status and play log; a bulletin) go out in
  -- order: a row waits while an older row of the same key is unsent. NULL: no order to keep.
  entity_key text,
  admin_id text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- cho (to send) | dagui (the province took it) | loi (the province refused it; waits for an operator)
  status text NOT NULL DEFAULT 'cho' CHECK (status IN ('cho', 'dagui', 'loi')),
  attempts int NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  leased_by text,
  last_error text,
  last_attempt_at timestamptz,
  sent_at timestamptz
);
CREATE INDEX province_outbox_due ON province_outbox (next_at, id) WHERE status = 'cho';
CREATE INDEX province_outbox_entity ON province_outbox (entity_key, id) WHERE status <> 'dagui';
CREATE INDEX province_outbox_admin ON province_outbox (admin_id, status, id);
CREATE INDEX province_outbox_sent ON province_outbox (sent_at) WHERE status = 'dagui';

-- Inbound: each bulletin or command the province sent, once (its id is the province's), with what
-- Loa made of it, so a retried delivery answers the same result and starts nothing twice.
CREATE TABLE province_inbound (
  admin_id text NOT NULL,
  external_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bantin', 'lenh')),
  received_at timestamptz NOT NULL DEFAULT now(),
  received_by text NOT NULL,
  -- What it became: an immediate broadcast, a schedule awaiting approval, a command carried out.
  broadcast_id text,
  schedule_id text,
  result jsonb NOT NULL,
  PRIMARY KEY (admin_id, external_id, kind)
);
CREATE INDEX province_inbound_schedule ON province_inbound (schedule_id) WHERE schedule_id IS NOT NULL;
CREATE INDEX province_inbound_broadcast ON province_inbound (broadcast_id) WHERE broadcast_id IS NOT NULL;
