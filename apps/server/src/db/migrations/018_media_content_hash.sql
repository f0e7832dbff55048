-- Issue #18: the media library keeps one copy of each content per administrator and area.
-- content_hash is the sha256 of the stored bytes; an upload (or a speech result) whose content is
-- already in the library of the same administrator and area reuses that file instead of storing
-- another one, so a retried save no longer lists the same file several times. Rows made before this
-- migration have no hash and are never reused. An area's rows take NULL when it is deleted; NULLs
-- are distinct in the index, so that never collides (the service looks such rows up itself).
ALTER TABLE media ADD COLUMN content_hash text;
CREATE UNIQUE INDEX media_admin_area_hash ON media (admin_id, area_id, content_hash);
