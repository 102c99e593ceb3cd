# syntax=docker/dockerfile:1
# Two stages: Node installs the dependencies (Bun comes from npm; npm's postinstall builds the
# dictionaries) and builds the single binary; the image that runs holds that binary alone, since the
# web assets, migrations, dictionaries and PGlite are inside it.

FROM node:22-bookworm-slim AS build
WORKDIR /src
# The whole source first: the postinstall of `npm ci` needs scripts/ and engine/.
COPY . .
RUN npm ci && npm run build

FROM debian:bookworm-slim
# CA certificates for the outgoing HTTPS calls (Telegram Bot API).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --user-group --uid 10001 --home-dir /data --no-create-home app \
  && mkdir /data && chown app:app /data
COPY --from=build /src/dist/word-territory /usr/local/bin/word-territory
USER app
WORKDIR /data
# Production (also the binary's default): DEV=1 is refused. Without JWT_SECRET the server makes its
# secret once and keeps it in /data, next to the database.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
EXPOSE 3000
VOLUME /data
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["word-territory", "healthcheck"]
CMD ["word-territory"]
