-- Computer players: whether a game allows /bazaar hint (its creator may turn hints off).
-- (Computer seats are seats whose "computer" column names their level; migration 004 added it.)
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;
