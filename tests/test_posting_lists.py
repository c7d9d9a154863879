"""Long private lists keep what matters, which sits at their top; lobbies name their real host."""

from __future__ import annotations

from cogs import posting
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
