# Pitwall's image: the web process (`npm start`) and the worker (`npm run worker`) run from it.
# Two stages: the build stage installs everything and builds the client and SSR bundles; the
# runtime stage installs production dependencies only, takes the bundles and runs as the
# unprivileged `node` user. `npm start` there finds the bundle fresh (dist/build-stamp.json holds
# the hash of the same sources; src/app/bundle.ts) and serves it without building.
# `npm run container:check` performs these steps without a Docker daemon
# (scripts/container-check.ts) and CI runs it, so this file cannot rot unnoticed.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
ENV HOST=0.0.0.0
ENV PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY . .
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
CMD ["npm", "start"]
