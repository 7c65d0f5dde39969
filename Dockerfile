# Bazaar bot: slim Python, non-root user, the database on a volume (or PostgreSQL: docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    BAZAAR_DATABASE=/data/bazaar.db

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
VOLUME ["/data"]

CMD ["bazaar", "run"]
