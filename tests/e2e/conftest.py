"""End-to-end tests drive many commands per second on purpose: the per-user throttle
(cogs.throttle) is off unless a test turns it on (tests/e2e/test_bot_load.py does)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_throttle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTERN_THROTTLE", "off")
