"""Settings read at start-up: shard ranges, and bad values stop the bot with one clear line."""

from __future__ import annotations

import pytest

from bot import parse_shards


def test_shard_settings() -> None:
    assert parse_shards(None) is None and parse_shards("  ") is None
    assert parse_shards("2/8") == ([2], 8)
    assert parse_shards("0-3/8") == ([0, 1, 2, 3], 8)
    assert parse_shards("0/1") == ([0], 1)


@pytest.mark.parametrize("text", ["8/8", "3-1/8", "x/8", "2", "2/0", "-1/8", "²/8", "1-²/8", "0-8/8"])
def test_bad_shard_settings_say_why(text: str) -> None:
    with pytest.raises(ValueError, match="POSTERN_SHARDS"):
        parse_shards(text)
