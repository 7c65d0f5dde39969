# Bazaar bot: slim Python, non-root user, the database on a volume (or PostgreSQL: docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    BAZAAR_DATABASE=/data/bazaar.db \
    BAZAAR_HEARTBEAT_FILE=/tmp/bazaar.heartbeat

WORKDIR /app
COPY pyproject.toml README.md requirements.lock ./
COPY engines ./engines
COPY ai ./ai
COPY render ./render
COPY bot ./bot
COPY data ./data
# The versions requirements.lock pins (tested together); the fake Discord and local play (offline/) are not
# copied: `bazaar run` never loads them.
RUN pip install -c requirements.lock '.[fast]'

RUN useradd --create-home --uid 10001 bazaar && mkdir -p /data && chown bazaar:bazaar /data
USER bazaar

# Exec form: the bot is the process that gets SIGTERM (docker stop) and stops gracefully within 10 s.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["bazaar", "health"]
CMD ["bazaar", "run"]
