# One image for every role; docker-compose.yml picks the command (start:api, start:worker, db:migrate).
FROM node:24-bookworm-slim

WORKDIR /app
ENV CI=true NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Dependencies first, so that a code change does not reinstall them. The postinstall step generates the Prisma client
# from the schema (scripts/prisma-generate.mjs), so the schema and the scripts come along.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm ci

# The client is built into dist/client, which the API serves; then the build and test tools go.
COPY . .
RUN npm run build \
  && npm prune --omit=dev \
  && mkdir -p /app/uploads \
  && chown node:node /app/uploads

# Never as root. The uploads volume takes the directory's owner from the image when it is first created.
USER node
ENV HOST=0.0.0.0 PORT=3000 UPLOAD_DIR=/app/uploads
EXPOSE 3000
CMD ["npm", "run", "start:api"]
