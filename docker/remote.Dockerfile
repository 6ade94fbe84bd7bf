# syntax=docker/dockerfile:1
# One image per remote (docs/decisions/007), built and shipped alone:
#   docker build -f docker/remote.Dockerfile --build-arg REMOTE=mfe-releases --build-arg GIT_COMMIT=$(git rev-parse HEAD) .
# The image holds that remote's versioned build in /bundle and an unprivileged static server. On start it
# publishes /bundle into the shared version store (/store/<remote>/<version>/, never overwriting a
# version) and serves /store/<remote>/ only, so open pages keep loading older versions' chunks. On the
# first start the API (REMOTE_REGISTER_BUNDLED) makes the published version live when the remote has none;
# after that a new version goes live by a registry change: `node scripts/remote/remote.js deploy <remote>
# --from /store/<remote>/<version>` in the API container (README "Deploy and roll back", docs/decisions/021).

FROM node:20.20-bookworm-slim AS build
ARG REMOTE
RUN test -n "$REMOTE" || (echo "--build-arg REMOTE=<mfe-...> is required" && exit 1)
WORKDIR /src
COPY package.json package-lock.json .npmrc lerna.json tsconfig.base.json ./
COPY contracts/package.json contracts/
COPY kit/package.json kit/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mfe-auth/package.json mfe-auth/
COPY mfe-releases/package.json mfe-releases/
COPY mfe-support/package.json mfe-support/
COPY mfe-tools-rights/package.json mfe-tools-rights/
COPY mfe-ops/package.json mfe-ops/
# Front-end builds need no native module: skip install scripts (better-sqlite3, argon2 are the API's).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY contracts contracts
COPY kit kit
COPY scripts scripts
COPY ${REMOTE} ${REMOTE}
ARG GIT_COMMIT=unknown
ARG BUILD_ID=
ENV GIT_COMMIT=$GIT_COMMIT BUILD_ID=$BUILD_ID
RUN npx lerna run build --scope @portal/contracts --scope @portal/kit --scope @portal/${REMOTE}

FROM node:20.20-bookworm-slim AS runtime
ARG REMOTE
ENV REMOTE=$REMOTE PORT=8080 REMOTE_STORE_DIR=/store
WORKDIR /srv
COPY --from=build /src/scripts/serve-remote.js scripts/serve-remote.js
COPY --from=build /src/scripts/remote/serve-store.js scripts/remote/serve-store.js
# The one package the static server loads (Accept-Encoding negotiation, what Express uses) and its own
# dependencies as package-lock.json places them: accepts keeps the mime-types it needs in its nested
# node_modules; negotiator and its content-type are hoisted. e2e/container-images.e2e.ts rebuilds this
# stage from these lines alone and runs it (docs/decisions/030): a dependency added to these packages
# fails there with the module's name.
COPY --from=build /src/node_modules/accepts node_modules/accepts
COPY --from=build /src/node_modules/negotiator node_modules/negotiator
COPY --from=build /src/node_modules/content-type node_modules/content-type
COPY --from=build /src/${REMOTE}/dist /bundle
RUN mkdir -p /store && chown node:node /store
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/'+require('/bundle/version.json').version+'/mf-manifest.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node scripts/remote/serve-store.js \"$REMOTE\" \"$PORT\" --store /store --publish /bundle"]
