# The Starport server image: `docker compose up` runs it with PostgreSQL (docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    STARPORT_DATA_DIR=/data

WORKDIR /app
# PostgreSQL's client tools: `starport backup` and `restore` run pg_dump and pg_restore
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY server ./server
COPY migrations ./migrations
COPY web ./web
RUN pip install --no-compile -e . && useradd --system --uid 10001 starport \
    && mkdir -p /data && chown starport /data
USER starport
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s CMD python -c \
  "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/health')"
CMD ["starport", "serve", "--host", "0.0.0.0", "--port", "8000"]
