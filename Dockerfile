# Production image: one image, two roles (api and worker), chosen by the command.
# Node 24 LTS (Node 20 reached its end of life in April 2026; the shop also runs on Node 22).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN node tools/build.mjs && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The API's launcher and its V8 flags (the one list: tools/api-node-flags.json).
COPY tools/start-api.mjs tools/api-process.mjs tools/api-node-flags.json ./tools/
USER node
# 3000: the API (probes: /api/health/live, /api/health/ready). The worker's probes listen on WORKER_HEALTH_PORT
# when it is set (docker-compose.yml uses 3001, inside the container only).
EXPOSE 3000
CMD ["node", "tools/start-api.mjs"]
