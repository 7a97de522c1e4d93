# Rollcall image: build with the full toolchain, run with production dependencies only.
#   docker build -t rollcall .
#   docker run --env-file .env -v rollcall-data:/data rollcall               (the bot)
#   docker run --env-file .env rollcall node dist/src/deploy-commands.js    (register the commands)
# No dependency needs an install script or a compiler, so neither stage has build tools.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, compile TypeScript to dist/ ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY generated ./generated
COPY src ./src
COPY commands ./commands
RUN npm run build

# ---- runtime: production dependencies and the compiled code, as an unprivileged user ----
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The application emojis deploy-commands uploads (dist/src/deploy-emojis.js reads ../../assets/emojis).
COPY assets ./assets
# Rollcall's own files (DATA_DIR: the limit counters without CACHE_URL, the SQLite store without
# DATABASE_URL) live in a volume at /data, owned by the user the bot runs as; /app stays read-only.
# Without a volume they would go with the container, and the month's request count with them.
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data
VOLUME /data
# The health listener: /healthz, /readyz, /metrics. It binds 127.0.0.1 unless HEALTH_HOST says
# otherwise (set HEALTH_HOST=0.0.0.0 for Prometheus in another container to reach /metrics).
# A default rather than HEALTH_PORT itself: `HEALTH_PORT=` in an --env-file replaces the image's
# value with an empty one, which then still means 8080 (HEALTH_PORT=<port> moves it).
ENV HEALTH_PORT_DEFAULT=8080
EXPOSE 8080
# The official image's unprivileged user (uid 1000); the code and node_modules stay root-owned, read-only to it.
USER node
# Slim images have no curl: node itself asks /readyz (503 while connecting and from the start of shutdown).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "dist/src/ops/healthcheck.js"]
# Exec form: node is PID 1 and receives SIGTERM itself (a shell in between would swallow it), then
# drains interactions in flight and exits 0. Give it time: `docker stop -t 15`, compose stop_grace_period.
# The flags are package.json's "start" (the bench runs those): a 2 MB young generation instead of
# V8's 16 MB keeps some 30 MB off the resident size for the same CPU, and a 512 MB old generation keeps
# V8 from letting garbage grow to several times the live heap; WebAssembly (undici's HTTP parser) stays
# in V8's baseline compiler, whose optimizing one took some 30 MB at the first requests (docs/deploy.md, "Memory").
CMD ["node", "--max-semi-space-size=2", "--max-old-space-size=512", "--no-wasm-tier-up", "--no-wasm-dynamic-tiering", "dist/src/main.js"]
