# «Судья» — the Telegram bot. Multi-stage: TypeScript is compiled with the dev tools, the runtime
# image holds only production dependencies, the compiled code and the rules (knowledge/).
# Build:  docker build -t sudya .
# Run:    docker run -d --env-file .env -v sudya-data:/app/data --restart unless-stopped sudya

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional: better-sqlite3 (the judges' log on Node 20) is not needed, Node 24 has node:sqlite
RUN npm ci --omit=optional --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npx tsc -p tsconfig.build.json

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY knowledge ./knowledge
# sessions (file store) and the judges' log (SQLite) live here; the node user owns it
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
# webhook mode listens on PORT (default 8080); polling needs no port
EXPOSE 8080
# webhook: GET /health; polling (no port): the age of the file the poll loop touches (src/healthcheck.ts)
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD ["node", "dist/healthcheck.js"]
STOPSIGNAL SIGTERM
# V8's young generation held at 2 × 4 MB (its default starts at 2 × 1 and grows to 2 × 16 MB):
# the flags of the start script in package.json, see docs/performance.md
CMD ["node", "--max-semi-space-size=4", "--min-semi-space-size=4", "dist/main.js"]
