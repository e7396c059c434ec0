# The product image: one code base, started by the launcher. In docker-compose every service is given by
# environment, so the launcher starts nothing itself and only runs the app (role from APP_ROLE).
FROM node:20-bookworm-slim

ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
WORKDIR /app

# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY libs/contracts/package.json libs/contracts/
COPY libs/machines/package.json libs/machines/
COPY e2e/package.json e2e/
RUN npm install --no-audit --no-fund

COPY . .
RUN npx nx run-many -t build

ENV NODE_ENV=production PORT=3000 APP_ROLE=all
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/launcher/start.js"]
