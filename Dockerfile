# syntax=docker/dockerfile:1
# The member area's production image (docs/deploy.md, decision 028): built in one stage with every
# dependency, shipped in another with the production dependencies only, run as the unprivileged `node`.
#   docker build -t member-area .
#   docker compose up -d            (compose.yaml: the app, PostgreSQL, Redis and nginx)

# Debian 13 (trixie): its PostgreSQL client is 17, the compose file's server, so backup:create and
# backup:restore run inside the app's own container (docs/operations.md).
ARG NODE_IMAGE=node:22-trixie-slim

# ---- build: all dependencies, the web app and the server bundle ----------------------------------
FROM ${NODE_IMAGE} AS build
# better-sqlite3 is compiled here from its source (no prebuilt binary fetched), against this Node.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_build_from_source=true \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /src
# The manifests first, so a change of source alone reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
# No browser download: the end-to-end tests never run in the image.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci
COPY . .
RUN npm run build
# Keep the production dependencies only, with the SQLite driver compiled above.
RUN npm prune --omit=dev \
 && node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"

# ---- runtime ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=PROD \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/member-area \
    MEDIA_DIR=/var/lib/member-area/media
# pg_dump, pg_restore and psql of the server's major version for the backup commands (decision 043).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/* \
 && pg_dump --version | grep -q ' 17\.'
WORKDIR /srv/member-area
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/packages/domain/package.json ./packages/domain/
COPY --from=build /src/apps/web/package.json ./apps/web/
COPY --from=build /src/apps/web/dist ./apps/web/dist
COPY --from=build /src/apps/server/package.json ./apps/server/
COPY --from=build /src/apps/server/dist ./apps/server/dist
COPY --from=build /src/apps/server/assets ./apps/server/assets
COPY --from=build /src/apps/server/media/demo ./apps/server/media/demo
# The database file (SQLite), the generated secrets and imported media live on a volume owned by node.
RUN mkdir -p /var/lib/member-area/media && chown -R node:node /var/lib/member-area
USER node
VOLUME ["/var/lib/member-area"]
EXPOSE 3000
# Liveness only: /readyz (database and migrations) is the balancer's check.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Operator commands in the same image: `docker compose exec app npm run admin -- --help`,
# `docker compose exec app npm run catalog:import -- --brand <slug> /import/<folder>`.
CMD ["node", "apps/server/dist/main.js"]
