# Postern: the Discord bot in a slim Python image.
#   docker build -t postern .                 # the runtime image (the default target)
#   docker build --target test -t postern-test . && docker run --rm postern-test   # its test suite
# The bot keeps its SQLite database under the /data volume unless POSTERN_DB names a PostgreSQL
# server (compose.yaml). It needs DISCORD_TOKEN: without it the bot would start the local console.

FROM python:3.11.11-slim-bookworm AS runtime

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# Dependencies first: this layer is rebuilt only when the pinned runtime set changes.
COPY requirements.txt ./
RUN pip install --no-cache-dir -r requirements.txt

# The code, with the fonts the renderer ships (render/fonts: DejaVu and Droid Sans Fallback for CJK).
COPY *.py ./
COPY ai ./ai
COPY cogs ./cogs
COPY render ./render
COPY rules ./rules
COPY storage ./storage
COPY table ./table

RUN useradd --system --uid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin postern \
    && mkdir -p /data \
    && chown 10001 /data
USER 10001

ENV POSTERN_DB=/data/postern.db \
    POSTERN_METRICS_PORT=9100 \
    POSTERN_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 9100

# /healthz answers 200 once the database answers and the gateway is connected (see README).
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:9100/healthz', timeout=4)"]
# The bot finishes the moves and posts in flight on SIGTERM, then exits (well inside 30 s).
STOPSIGNAL SIGTERM
ENTRYPOINT ["python", "bot.py"]


# The test image: the runtime image plus the development tools and the tests.
FROM runtime AS test
USER 0
COPY requirements-dev.txt pyproject.toml ./
RUN pip install --no-cache-dir -r requirements-dev.txt
COPY bench ./bench
COPY tests ./tests
RUN chown -R 10001 /app
USER 10001
ENV POSTERN_DB=/tmp/postern-test.db
HEALTHCHECK NONE
ENTRYPOINT ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider"]
