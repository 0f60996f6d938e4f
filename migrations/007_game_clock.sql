-- 007_game_clock: the clock read model, so that ten thousand games on one judge stay cheap.
--
-- game_clock: one row per game, computed from its fold (src/schedule/clockModel.ts) and written in
-- the same transaction as the events that change it, so the deadline tick reads only the games
-- whose next instant of interest has come instead of re-folding every game each minute. A row
-- whose version differs from the stream's head (or a game without a row) was written by code that
-- did not keep the model: the tick treats such a game as due and writes its row again.
-- `pbem verify --all` checks every row against the log and rebuilds the table.
CREATE TABLE IF NOT EXISTS game_clock (
  stream    TEXT PRIMARY KEY,                 -- 'game:<id>', as in streams
  version   INTEGER NOT NULL,                 -- stream version the row was computed from
  status    TEXT NOT NULL,                    -- active, paused or finished
  next_at   INTEGER,                          -- ms since 1970 of the first instant the tick has work; NULL: none
  next_what TEXT,                             -- what the tick would do then, in words
  outage_minutes INTEGER                      -- the schedule's outage threshold: a silence longer than this moves deadlines
);

CREATE INDEX IF NOT EXISTS game_clock_next ON game_clock (next_at) WHERE next_at IS NOT NULL;
