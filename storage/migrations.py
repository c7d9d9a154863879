"""Numbered schema migrations, tracked in ``PRAGMA user_version``.

Migration N brings the schema from version N-1 to N. Never edit a released migration: append a
new one, so every existing database upgrades the same way a new one is built.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: games, seats and the action log.
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    TEXT,
        channel_id  TEXT NOT NULL,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL DEFAULT '{}',
        capacity    INTEGER NOT NULL,
        seed        TEXT NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        version     INTEGER NOT NULL DEFAULT 0,
        snapshot    TEXT,
        host_id     TEXT NOT NULL,
        locale      TEXT NOT NULL DEFAULT 'en',
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_one_live_per_channel ON games(channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_guild ON games(guild_id, status);
    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  TEXT NOT NULL,
        name     TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE actions (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        action   TEXT NOT NULL,
        user_id  TEXT,
        events   TEXT NOT NULL DEFAULT '[]',
        at       REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: no query by a key scans a table. The latest game of a channel (``/board``, ``/hand``,
    # ``/game status``, ``/log`` and every error reply) reads one index entry; the games of a user
    # (``/me games``, ``/game list`` in DMs) start from the seats of that user; a server's games list
    # reads its most recent games from an index instead of sorting all of them.
    """
    CREATE INDEX games_by_channel ON games(channel_id, updated_at);
    CREATE INDEX seats_by_user ON seats(user_id);
    CREATE INDEX games_by_guild_recent ON games(guild_id, updated_at);
    """,
    # 3: keeping asynchronous games alive. A seat is a human or a bot (with the bot's level); each
    # seat has a turn bank (seconds left, and when the turn that spends it began, in game time).
    # Per-user settings: reminders, quiet hours in the user's time zone, language, away mode and
    # the away days used in the current 30-day window. Due items are the durable scheduler: one row
    # per reminder or expiry of one seat's turn, unique per (game, seat, kind, turn) so a restart
    # never schedules one twice, marked done in the transaction that acts on it so none repeats.
    # Votes: what the other players chose when a seat's bank ran out (one vote per voter, changeable).
    """
    ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'human';
    ALTER TABLE seats ADD COLUMN bot_level TEXT DEFAULT NULL;
    ALTER TABLE seats ADD COLUMN bank_left REAL DEFAULT NULL;
    ALTER TABLE seats ADD COLUMN turn_began REAL DEFAULT NULL;
    CREATE TABLE user_settings (
        user_id            TEXT PRIMARY KEY,
        reminders          INTEGER NOT NULL DEFAULT 1,
        quiet_start        INTEGER DEFAULT NULL,
        quiet_end          INTEGER DEFAULT NULL,
        time_zone          TEXT NOT NULL DEFAULT 'UTC',
        locale             TEXT DEFAULT NULL,
        away_until         REAL DEFAULT NULL,
        away_window_start  REAL DEFAULT NULL,
        away_days_used     INTEGER NOT NULL DEFAULT 0,
        updated_at         REAL NOT NULL
    );
    CREATE TABLE due_items (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        kind     TEXT NOT NULL,
        turn     INTEGER NOT NULL,
        due_at   REAL NOT NULL,
        done_at  REAL DEFAULT NULL,
        UNIQUE (game_id, seat, kind, turn)
    );
    CREATE INDEX due_items_pending ON due_items(due_at) WHERE done_at IS NULL;
    CREATE INDEX due_items_by_game ON due_items(game_id, done_at);
    CREATE TABLE votes (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        turn     INTEGER NOT NULL,
        voter    TEXT NOT NULL,
        choice   TEXT NOT NULL,
        at       REAL NOT NULL,
        PRIMARY KEY (game_id, seat, turn, voter)
    );
    """,
    # 4: server settings, chosen by a member with Manage Server through ``/settings``: the default
    # turn timer of new tables (``NULL``: Postern's default), whether a new game opens its own
    # thread, and the language of the channel posts of new games (``NULL``: the server's Discord
    # language). One row per server, read by its primary key whenever a game opens.
    # Away periods: each player's away spans (whole days counted), so the limit of 14 away days
    # holds in every 30 days, not just in fixed 30-day windows; read per user by the primary key.
    # A seat's turn gain: what its bank gained when its current turn began, so an undo that takes
    # that turn back also takes the gain back (the turn starts again, and gains again, later).
    """
    ALTER TABLE seats ADD COLUMN turn_gain REAL DEFAULT NULL;
    CREATE TABLE server_settings (
        guild_id    TEXT PRIMARY KEY,
        timer       TEXT DEFAULT NULL,
        threads     INTEGER NOT NULL DEFAULT 1,
        locale      TEXT DEFAULT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE TABLE away_periods (
        user_id  TEXT NOT NULL,
        start    REAL NOT NULL,
        until    REAL NOT NULL,
        PRIMARY KEY (user_id, start)
    );
    """,
    # 5: the game version a due item was written at. An announcement of logged actions
    # (``table.announce``) names the actions by their first sequence number, and an undo makes
    # those numbers free for other actions; the version tells the announcement of a move from that
    # of the move taken back in its place, so confirming one post can never close the other.
    """
    ALTER TABLE due_items ADD COLUMN version INTEGER DEFAULT NULL;
    """,
    # 6: the language of a player's Discord client, as their last command showed it. A DM (a
    # reminder, a seat given away) is written in the player's own language: the one they chose in
    # ``/me settings`` if any, else this one, and only without either the game's.
    """
    ALTER TABLE user_settings ADD COLUMN client_locale TEXT DEFAULT NULL;
    """,
    # 7: who held a seat before it changed hands in a started game (a substitute, a bot taking a
    # vanished player's seat, the player back from the bot). The seats table holds only today's
    # holder; each change keeps the one before and ``from_seq``, the first action logged after the
    # change, so ``/log`` and the export name every action's player as they were when it was made.
    # ``version`` is the game version the change produced: it orders changes at one log position.
    """
    CREATE TABLE seat_changes (
        game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        from_seq   INTEGER NOT NULL,
        user_id    TEXT NOT NULL,
        name       TEXT NOT NULL,
        kind       TEXT NOT NULL,
        bot_level  TEXT DEFAULT NULL,
        at         REAL NOT NULL,
        PRIMARY KEY (game_id, version, seat)
    );
    """,
    # 8: results, ratings and the privacy of statistics (``storage.records``, ``storage.ratings``).
    # A game's results are written once when it ends: one row per player who took part. Ratings
    # are kept per scope (global, a server) and title; ``conservative`` (mu - 3 sigma) is stored
    # so the leaderboard reads an index in order. ``rating_changes`` keeps each rated game's
    # before and after, for the final post, the rating-over-time chart and rebuilds.
    """
    CREATE TABLE results (
        game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        player    TEXT NOT NULL,
        seat      INTEGER NOT NULL,
        name      TEXT NOT NULL,
        game      TEXT NOT NULL,
        guild_id  TEXT,
        kind      TEXT NOT NULL,
        outcome   TEXT NOT NULL,
        place     INTEGER,
        players   INTEGER NOT NULL,
        score     INTEGER,
        ranked    INTEGER NOT NULL,
        progress  REAL NOT NULL,
        moves     INTEGER NOT NULL,
        seconds   REAL NOT NULL,
        ended_at  REAL NOT NULL,
        PRIMARY KEY (game_id, player)
    );
    CREATE INDEX results_by_player ON results(player, game, ended_at);
    CREATE INDEX results_by_end ON results(ended_at, game_id);
    CREATE TABLE ratings (
        scope         TEXT NOT NULL,
        game          TEXT NOT NULL,
        player        TEXT NOT NULL,
        name          TEXT NOT NULL,
        mu            REAL NOT NULL,
        sigma         REAL NOT NULL,
        conservative  REAL NOT NULL,
        games         INTEGER NOT NULL,
        updated_at    REAL NOT NULL,
        PRIMARY KEY (scope, game, player)
    );
    CREATE INDEX ratings_board ON ratings(scope, game, conservative);
    CREATE TABLE rating_changes (
        game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        scope         TEXT NOT NULL,
        player        TEXT NOT NULL,
        game          TEXT NOT NULL,
        mu_before     REAL NOT NULL,
        sigma_before  REAL NOT NULL,
        mu_after      REAL NOT NULL,
        sigma_after   REAL NOT NULL,
        at            REAL NOT NULL,
        PRIMARY KEY (game_id, scope, player)
    );
    CREATE INDEX rating_changes_by_player ON rating_changes(player, game, scope, at);
    CREATE TABLE private_stats (
        user_id  TEXT PRIMARY KEY,
        since    REAL NOT NULL
    );
    """,
    # 9: private notes, one per player per game (deleted with the game), and a player's finished
    # games newest first across every title (``/me games finished``).
    """
    CREATE TABLE notes (
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id     TEXT NOT NULL,
        text        TEXT NOT NULL,
        updated_at  REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX results_by_player_end ON results(player, ended_at);
    """,
    # 10: durable game time. ``POSTERN_TIME_SCALE`` speeds game time up; every due time and bank is
    # in game time, so game time itself must survive a restart and be the same for every process
    # sharing the database: one row, game time ``game_at`` at wall time ``wall_at``, running
    # ``scale`` times faster since (``table.clock``). Each logged action keeps the game time it was
    # made at, so an undo knows how long the move it takes back stood (``table.timer.rewind``).
    """
    CREATE TABLE game_clock (
        id       INTEGER PRIMARY KEY CHECK (id = 1),
        scale    REAL NOT NULL,
        wall_at  REAL NOT NULL,
        game_at  REAL NOT NULL
    );
    ALTER TABLE actions ADD COLUMN game_at REAL DEFAULT NULL;
    """,
    # 11: the id of the command that logged an action (the Discord interaction, a console uuid), on
    # the row of the player's own decision. A commit whose answer was lost (the connection dropped
    # at COMMIT) is looked up by it on the next connection, so the player hears the truth; and a
    # command retried with the same id is "already done", never applied twice.
    """
    ALTER TABLE actions ADD COLUMN act_id TEXT DEFAULT NULL;
    CREATE UNIQUE INDEX actions_act_id ON actions (act_id) WHERE act_id IS NOT NULL;
    """,
]

LATEST = len(MIGRATIONS)
