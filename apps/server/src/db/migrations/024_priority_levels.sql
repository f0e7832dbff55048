-- Issue #14: three priority levels (uutien) as the province information-source guidance has them:
-- 1 khẩn cấp (emergency, the spec's only value so far), 0 ưu tiên, -1 thông thường. A higher
-- number pre-empts a lower one. Until now a schedule without the emergency level was stored as 0
-- ('Bình thường' in the console): it becomes the normal level, and so do the runs it fired.
UPDATE schedules SET priority = -1 WHERE priority = 0;
UPDATE broadcasts SET priority = -1 WHERE priority = 0;
