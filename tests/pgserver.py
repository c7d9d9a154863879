"""A throwaway PostgreSQL server for the tests: ``initdb`` + ``pg_ctl`` on a temporary folder.

It listens on 127.0.0.1 only, on a free port, trusts local connections, and is stopped and
deleted afterwards. The server refuses to run as root, so under root it runs as the ``postgres``
user that Debian's packages create (through ``runuser``).

CI starts one for the whole run (``.ci/run``)::

    eval "$(python -m tests.pgserver start)"      # exports POSTERN_TEST_PG and POSTERN_TEST_PG_DIR
    python -m tests.pgserver stop "$POSTERN_TEST_PG_DIR"

Without ``POSTERN_TEST_PG`` the test fixtures start their own server when the binaries exist.
"""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

SUPERUSER = "postern"


def find_binary(name: str) -> str | None:
    """``name`` on PATH, else in the newest ``/usr/lib/postgresql/<version>/bin``."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4]))
    return candidates[-1] if candidates else None


def available() -> bool:
    return find_binary("initdb") is not None and find_binary("pg_ctl") is not None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@dataclass
class Server:
    folder: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    @property
    def data(self) -> Path:
        return self.folder / "data"


def start() -> Server:
    """Create a cluster in a new temporary folder and start it; raises if anything fails."""
    initdb, pg_ctl = find_binary("initdb"), find_binary("pg_ctl")
    if not initdb or not pg_ctl:
        raise RuntimeError("PostgreSQL server binaries (initdb, pg_ctl) were not found")
    folder = Path(tempfile.mkdtemp(prefix="postern-pg-"))
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
    server = Server(folder, _free_port())
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True, "timeout": 120}
    subprocess.run(
        _as_server_user([initdb, "-D", str(server.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-locale"]),
        **quiet,  # type: ignore[arg-type]
    )
    settings = (
        f"-c listen_addresses=127.0.0.1 -c port={server.port} -c unix_socket_directories={folder} "
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    subprocess.run(
        _as_server_user([pg_ctl, "-D", str(server.data), "-l", str(folder / "log"), "-w", "-t", "60", "-o", settings, "start"]),
        **quiet,  # type: ignore[arg-type]
    )
    return server


def stop(folder: str | Path) -> None:
    """Stop the server of ``folder`` (immediately: its data is thrown away) and delete it."""
    folder = Path(folder)
    pg_ctl = find_binary("pg_ctl")
    if pg_ctl and (folder / "data").exists():
        subprocess.run(
            _as_server_user([pg_ctl, "-D", str(folder / "data"), "-m", "immediate", "-w", "stop"]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
            timeout=60,
        )
    shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["start"]:
        server = start()
        print(f"export POSTERN_TEST_PG={shlex.quote(server.url)} POSTERN_TEST_PG_DIR={shlex.quote(str(server.folder))}")
        return 0
    if argv[:1] == ["stop"] and len(argv) == 2:
        stop(argv[1])
        return 0
    print("usage: python -m tests.pgserver start | stop FOLDER", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
