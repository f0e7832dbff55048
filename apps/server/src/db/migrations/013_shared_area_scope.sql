-- Programmes and library media belong to the area of the account that made them (NULL: the whole
-- administrator, made by an account without an area). They follow area scope as devices do: an
-- account sees and acts on those of its area and below. Existing rows take their author's area.
ALTER TABLE programmes ADD COLUMN area_id text REFERENCES areas(id) ON DELETE SET NULL;
ALTER TABLE media ADD COLUMN area_id text REFERENCES areas(id) ON DELETE SET NULL;
UPDATE programmes p SET area_id = u.area_id FROM users u WHERE u.id = p.created_by;
UPDATE media m SET area_id = u.area_id FROM users u WHERE u.id = m.user_id;
