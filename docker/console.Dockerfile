# nginx with the web console (apps/console) built in, from the repository root:
#   docker build -f docker/console.Dockerfile -t simsvc-nginx .
# docker-compose.yml mounts docker/nginx.conf over the image's config; its `# console`
# server block serves /usr/share/simsvc/console on port 8000.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# npm ci compiles better-sqlite3 from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true \
    npm_config_update_notifier=false
WORKDIR /repo
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Static files only: index.html and hashed assets/ (scripts, styles), nothing fetched from elsewhere.
RUN npx nx run console:build

FROM nginx:1.27-alpine
COPY --from=build /repo/dist/apps/console/ /usr/share/simsvc/console/
COPY docker/nginx.conf /etc/nginx/nginx.conf
EXPOSE 8000 8001 8002 8003
