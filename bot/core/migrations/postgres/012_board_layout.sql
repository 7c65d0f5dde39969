-- Thread boards: posted in the phone layout (tall, drawn to be read 360 px wide) unless a server chooses a
-- wide board for its thread posts (/bazaar settings board:); NULL is the default, the phone layout.
ALTER TABLE guild_settings ADD COLUMN board_layout TEXT;
