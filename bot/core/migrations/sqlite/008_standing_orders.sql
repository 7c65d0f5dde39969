-- Standing orders (Jambo's Guard and Rain Maker orders) are not moves of the game: a change of them alone must
-- not make anyone's buttons out of date. Every change still bumps `version` (the guard against races);
-- `moved_version` is the version of the last change that was not standing orders alone, so a button, menu or
-- draft made at any version from `moved_version` to `version` still shows the game as it is.
ALTER TABLE games ADD COLUMN moved_version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET moved_version = version;
