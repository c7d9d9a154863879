"""Long private lists keep what matters, which sits at their top; lobbies name their real host;
settings read in words, not codes."""

from __future__ import annotations

from cogs import posting, server_settings
from storage import ServerSettings
from table.service import Result


def test_fit_first_keeps_the_top_of_a_list_and_counts_the_rest() -> None:
    lines = [f"#{i} game waiting on you" if i < 3 else f"#{i} an old finished game {'x' * 90}" for i in range(60)]
    text = posting.fit_first(lines)
    assert len(text) <= posting.CONTENT_LIMIT
    assert text.startswith("#0 game waiting on you\n#1 game waiting on you\n#2 game waiting on you")
    shown = text.count("\n")  # the lines kept, then the note
    assert text.endswith(f"… (+{60 - shown})")
    # move posts keep their newest lines instead, as before
    assert posting.fit(lines).splitlines()[-1] == lines[-1]
    assert posting.fit_first(["short", "list"]) == "short\nlist"


def test_a_long_move_post_keeps_the_move_and_whose_turn_it_is() -> None:
    """A Burgundy phase start sets off dozens of lines (depot tiles, dice, goods); with long names
    the post overflowed and the oldest lines, the move that caused it all, were the ones cut."""
    move = "carol with a very long display name puts the start castle on space 32"
    middle = [f"Depot {i % 6 + 1}: boarding house for someone with a very long name ({i})" for i in range(60)]
    turn = "alice: your move."
    text = posting.fit([move, *middle, turn], head=1)
    lines = text.splitlines()
    assert len(text) <= posting.CONTENT_LIMIT
    assert lines[0] == move and lines[-1] == turn
    dropped = 62 - (len(lines) - 1)  # every line but the note is one of the post's
    assert lines[1] == f"… (+{dropped})" and dropped > 0
    assert lines[2:-1] == middle[-len(lines[2:-1]):]  # the newest of the middle lines remain
    posted = posting.fit([move, *middle, turn], head=posting.POST_HEAD).splitlines()
    assert posted[:3] == [move, *middle[:2]] and posted[3].startswith("… (+") and posted[-1] == turn


def test_the_lobby_names_the_host_who_holds_the_role_now() -> None:
    """After the first host leaves, seat 1 may be a bot: the lobby names the new host, Bob."""
    result = Result(
        kind="left", game_id=1, game="torres", status="lobby", version=3, locale="en",
        names=["Bot (easy)", "Bob"], user_ids=["bot:1", "22"], capacity=3, host_id="22",
    )
    post = posting.lobby_post(result, "en")
    assert "Bob" in post["content"] and "by Bot" not in post["content"]
    zh = posting.lobby_post(result, "zh-TW")["content"]
    assert "Bot (easy)、Bob" in zh


def test_server_settings_read_in_words() -> None:
    """"off" and "zh-TW" are values to pick, not words to read: /settings says them in the reader's language."""
    text = server_settings.describe(ServerSettings("g", timer="off", locale="zh-TW"), "zh-CN")
    assert "不计时" in text and "繁體中文" in text and "off" not in text and "zh-TW" not in text
    text = server_settings.describe(ServerSettings("g"), "en")
    assert "72h (Postern's default)" in text


def test_labels_are_cut_at_a_word() -> None:
    text = "Take the monastery tile from depot 3 and place it on space 17 next to the castle, gaining a worker"
    label = posting.clip(text, 80)
    assert len(label) <= 80 and label.endswith("…") and text.startswith(label[:-1])
    assert text[len(label) - 1] == " "  # the cut falls between words
    assert posting.clip("short", 80) == "short"
    chinese = "從第3號貨區拿取修道院板塊並放在第17格" * 4
    assert len(posting.clip(chinese, 40)) == 40


def test_every_move_slice_gets_its_button() -> None:
    """Burgundy can name six slices (dice and more): the sixth used to get no button."""
    result = Result(
        kind="moved", game_id=1, game="burgundy", status="active", version=3, locale="en",
        names=["Ann", "Bob"], user_ids=["1", "2"], slices=[f"slice {i}" for i in range(6)], quick=["pass"],
    )
    view = posting.game_buttons(result, "en")
    assert view is not None
    ids = [getattr(item, "custom_id", "") or "" for item in view.children]
    assert sum(1 for c in ids if c.startswith("postern:slice:")) == 6
    assert len(view.children) <= 25


def test_a_picker_reads_as_words_first_and_says_where_its_pages_are() -> None:
    """Options lead with the game's own description in the reader's language; the notation
    follows in the grey line; the paging option names the page it leads to (and the last page's
    option says it goes back to the first)."""
    import rules
    from cogs import components
    from cogs.posting import picker_options

    torres = rules.get("torres")
    moves = [f"knight {c}{r}" for c in "abcdefgh" for r in range(1, 8)]  # 56 moves: 3 pages
    first = picker_options(torres, moves, 0, "zh-TW")
    assert first[0].label == torres.describe(first[0].value, "zh-TW") and first[0].value in (first[0].description or "")
    assert first[-1].value == "__more:1" and "2/3" in first[-1].label
    last = picker_options(torres, moves, 2, "en")
    assert last[-1].value == "__more:0" and last[-1].label == "Back to the first moves (page 1 of 3)"
    assert len(first) <= components.PAGE_SIZE + 1 and all(len(o.label) <= 100 for o in first)


def test_autocomplete_names_are_cut_at_a_word() -> None:
    """Discord allows 100 characters per choice name: a long Burgundy description used to stop
    mid-word ("…from depot 2, di"); it now ends at a word, with "…"."""
    from cogs.commands import CHOICE_NAME_LIMIT, move_choices
    from rules import get

    class Wordy:
        """Burgundy's grouping, with a description as long as its longest ones."""

        game = get("burgundy")

        def describe(self, action: str, locale: str = "en") -> str:
            return "Take the knowledge 11 (place castles/mines/knowledge ±1 free) from depot 2, discarding the castle"

        def __getattr__(self, name: str) -> object:
            return getattr(self.game, name)

    [choice] = move_choices(Wordy(), ["take 2:K11 drop CAR"], "", "en")  # type: ignore[arg-type]
    assert len(choice.name) <= CHOICE_NAME_LIMIT and choice.name.endswith("…")
    assert choice.name == "take 2:K11 drop CAR — Take the knowledge 11 (place castles/mines/knowledge ±1 free) from depot 2…"


def test_equal_scores_placed_apart_say_a_tie_break_decided() -> None:
    """Tuscany's "2. bob — 6 / 3. alice — 6" is right (§7.3: more empty spaces), but read as an
    error without a word that the game's tie-breaks placed them; a shared place needs none."""

    def final(places: list[int], scores: list[int]) -> list[str]:
        result = Result(
            kind="moved", game_id=1, game="tuscany", status="finished", version=9, locale="en",
            names=["ann", "bob", "cho"], user_ids=["1", "2", "3"], events=[], capacity=3, host_id="1", stamp=9,
        )
        result.scores, result.ranking, result.places = scores, [2, 1, 0], places
        return posting.result_lines(result, "en")

    broken = final([1, 2, 3], [6, 6, 9])
    assert broken[-3:-1] == ["2. bob — 6", "3. ann — 6"]
    assert broken[-1] == "Equal scores are placed by the game's tie-break rules (`/rules`)."
    assert "tie-break" not in " ".join(final([1, 2, 2], [6, 6, 9]))  # shared: nothing to explain
    assert "tie-break" not in " ".join(final([1, 2, 3], [5, 6, 9]))  # no equal scores


def test_autocomplete_matches_han_typed_in_the_other_script() -> None:
    """A zh-TW reader typing simplified characters (or a zh-CN reader typing traditional ones)
    used to find nothing; the other script's description now matches too."""
    from cogs.commands import move_choices
    from rules import get

    game = get("tuscany")
    state = game.new(2, None)
    while game.to_act(state) == [-1]:
        state, _ = game.apply(state, -1, game.chance_outcomes(state)[0][0])
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    checked = 0
    for action in legal[:40]:
        for mine, theirs in (("zh-TW", "zh-CN"), ("zh-CN", "zh-TW")):
            own, other = game.describe(action, mine), game.describe(action, theirs)
            typed = next(
                (
                    other[i : i + 2]
                    for i in range(len(other) - 1)
                    if other[i : i + 2] not in own
                    and all("\u4e00" <= c <= "\u9fff" for c in other[i : i + 2])
                ),
                None,
            )
            if typed is None:
                continue
            checked += 1
            assert [c.value for c in move_choices(game, [action], typed, mine)] == [action], (
                action,
                typed,
                mine,
            )
    assert checked > 0  # the game's two scripts do differ somewhere in its move names
