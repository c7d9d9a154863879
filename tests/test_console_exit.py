"""Leaving the console (issue #28, item 13): Ctrl-C at the prompt, Ctrl-D and ``quit`` all end the
session at once and quietly, saying the game is saved, even after bots have played (their worker
processes share the terminal's process group, so they get the Ctrl-C too).

The console runs as players start it (``python bot.py --local``) on a real pseudo-terminal, so the
terminal driver turns the typed ^C and ^D into SIGINT and end of input, as at a keyboard."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROMPT = b"\r\n> "  # the terminal writes a newline as CR LF


class Terminal:
    """``python bot.py --local`` on a pseudo-terminal of its own (a new session, the pty as its
    controlling terminal), read and typed at through the master side."""

    def __init__(self, tmp_path: Path) -> None:
        master, slave = pty.openpty()
        env = {
            **os.environ,
            "POSTERN_DB": str(tmp_path / "c.db"),
            "POSTERN_IMAGES": str(tmp_path / "img"),
            "POSTERN_LANGUAGE": "en",
            "POSTERN_BOT_ITERATIONS": "3",  # quick bots, still thought out in the worker pool
            "POSTERN_LOG_LEVEL": "WARNING",
        }
        env.pop("DISCORD_TOKEN", None)
        env.pop("POSTERN_BOT_THINKERS", None)  # the default: a pool of worker processes

        def controlling_terminal() -> None:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            [sys.executable, "bot.py", "--local"], cwd=ROOT, env=env, stdin=slave, stdout=slave, stderr=slave,
            start_new_session=True, preexec_fn=controlling_terminal, close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.seen = b""
        self.cursor = 0
        """Where the next ``read_until`` starts looking: just after the last marker found."""

    def read_until(self, marker: bytes, timeout: float) -> bytes:
        """Everything printed from the last marker found until ``marker``."""
        start = self.cursor
        deadline = time.monotonic() + timeout
        while marker not in self.seen[start:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {marker!r} within {timeout} s; output:\n{self.text()[-3000:]}")
            if select.select([self.master], [], [], left)[0]:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the console closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the console ended before {marker!r}:\n{self.text()[-3000:]}")
                self.seen += chunk
        self.cursor = self.seen.index(marker, start) + len(marker)
        return self.seen[start : self.cursor]

    def type(self, data: bytes) -> None:
        os.write(self.master, data)

    def finish(self, timeout: float) -> int:
        """The exit status, once the console and every process it started have let go of the
        terminal (a worker still printing would hold it open); the output is read to the end."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.process.kill()
                raise AssertionError(f"the console did not exit within {timeout} s:\n{self.text()[-3000:]}")
            if select.select([self.master], [], [], left)[0]:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # EIO: nobody holds the terminal any more
                    break
                if not chunk:
                    break
                self.seen += chunk
        return self.process.wait(timeout=max(0.1, deadline - time.monotonic()))

    def text(self) -> str:
        return self.seen.decode("utf-8", "replace")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


@pytest.fixture
def terminal(tmp_path: Path):  # type: ignore[no-untyped-def]
    term = Terminal(tmp_path)
    yield term
    term.close()


def play_against_bots(term: Terminal) -> None:
    """A solo Torres game against a bot, a few moves in: the render and thinker pools are running."""
    term.read_until(PROMPT, 60)
    term.type(b"solo torres level=easy\n")
    term.read_until(b"your move", 120)
    term.read_until(PROMPT, 30)
    for _ in range(3):
        term.type(b"1\n")
        term.read_until(PROMPT, 120)


def assert_left_quietly(term: Terminal, code: int, started: float, seconds: float) -> None:
    text = term.text()
    assert code == 0, text[-3000:]
    assert time.monotonic() - started < seconds, "the console did not leave at once"
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-3000:]
    assert "Bye. Game 1 is saved: run the console again to go on." in text, text[-3000:]


def test_ctrl_c_at_the_prompt_leaves_at_once_after_bots_played(terminal: Terminal) -> None:
    play_against_bots(terminal)
    started = time.monotonic()
    terminal.type(b"\x03")  # ^C: the terminal sends SIGINT to the console and its workers
    code = terminal.finish(30)
    assert_left_quietly(terminal, code, started, 15)


def test_ctrl_d_at_the_prompt_leaves_and_the_game_resumes(terminal: Terminal, tmp_path: Path) -> None:
    play_against_bots(terminal)
    started = time.monotonic()
    terminal.type(b"\x04")  # ^D at the start of a line: end of input
    code = terminal.finish(30)
    assert_left_quietly(terminal, code, started, 15)
    again = Terminal(tmp_path)
    try:
        again.read_until(b"Resuming game 1", 60)
        again.read_until(PROMPT, 30)
        started = time.monotonic()
        again.type(b"quit\n")
        assert_left_quietly(again, again.finish(30), started, 15)
    finally:
        again.close()


def test_quit_without_a_game_says_bye(terminal: Terminal) -> None:
    terminal.read_until(PROMPT, 60)
    terminal.type(b"quit\n")
    assert terminal.finish(30) == 0
    text = terminal.text()
    assert "Bye." in text and "saved" not in text and "Traceback" not in text, text
