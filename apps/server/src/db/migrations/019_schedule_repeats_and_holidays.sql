-- Repeats beyond weekly and one-off: every day, Monday to Friday, monthly (a day of the month or the
-- Nth weekday), a set of dates; an end by count; per-schedule exceptions (skip or move one
-- occurrence); skipping the administrator's holidays. Existing rows keep their meaning as they are
-- ('hangtuan' / 'motlan', no count, no exception, holidays not skipped).
ALTER TABLE schedules DROP CONSTRAINT schedules_mode_check;
ALTER TABLE schedules ADD CONSTRAINT schedules_mode_check CHECK (mode IN ('hangtuan', 'motlan', 'hangngay', 'ngaythuong', 'hangthang', 'cacngay'));
ALTER TABLE schedules ADD COLUMN monthly jsonb;
ALTER TABLE schedules ADD COLUMN dates jsonb NOT NULL DEFAULT '[]';
ALTER TABLE schedules ADD COLUMN max_count int;
ALTER TABLE schedules ADD COLUMN exceptions jsonb NOT NULL DEFAULT '[]';
ALTER TABLE schedules ADD COLUMN skip_holidays boolean NOT NULL DEFAULT false;

-- Each administrator's holiday calendar: whether the public holidays of the law count (built in,
-- computed, the lunar ones included), and its own days.
CREATE TABLE holiday_calendars (
  admin_id text PRIMARY KEY,
  statutory boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE holidays (
  admin_id text NOT NULL,
  day date NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (admin_id, day)
);
