#!/usr/bin/env bash
# `npm test`: the whole suite. Installs or starts what it needs when missing (Debian's chromium and
# postgresql packages), so the same command works on a bare machine with Node.js 20.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { as_root apt-get update -qq; apt_updated=1; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

export TEST_PG_URL="${TEST_PG_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"

ensure_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return; fi
  if ! command -v chromium >/dev/null 2>&1; then
    step "installing Debian's chromium for the browser tests"
    apt_install chromium fonts-noto-core
  fi
  export CHROMIUM_PATH="${CHROMIUM_PATH:-$(command -v chromium)}"
}

ensure_postgres() {
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then return; fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    step "installing Debian's postgresql for the PostgreSQL API tests"
    apt_install postgresql
  fi
  for version in $(ls /etc/postgresql); do
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  done
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  # A fresh Debian cluster asks for a password on TCP: give postgres the one TEST_PG_URL uses.
  if ! psql "$TEST_PG_URL" -qAtc 'select 1' >/dev/null 2>&1; then
    as_root su postgres -c "psql -qc \"alter user postgres password 'postgres'\"" >/dev/null
  fi
}

# The browser tests run the commands the connectivity dialog shows, with the real clients.
ensure_device_clients() {
  local missing=()
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  command -v mosquitto_pub >/dev/null 2>&1 || missing+=(mosquitto-clients)
  command -v coap-client-notls >/dev/null 2>&1 || missing+=(libcoap3-bin)
  if [ ${#missing[@]} -gt 0 ]; then
    step "installing Debian's ${missing[*]} for the device connectivity tests"
    apt_install "${missing[@]}"
  fi
}

# The cluster test runs three nodes on NATS JetStream behind Debian's HAProxy.
ensure_cluster_tools() {
  if ! command -v haproxy >/dev/null 2>&1; then
    step "installing Debian's haproxy for the cluster test"
    apt_install haproxy
  fi
  if ! (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; then
    if ! command -v nats-server >/dev/null 2>&1; then
      step "installing Debian's nats-server for the cluster test"
      apt_install nats-server
    fi
    as_root mkdir -p /var/lib/nats-server
    as_root start-stop-daemon --start --oknodo --background --exec "$(command -v nats-server)" -- \
      -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
    for _ in $(seq 1 30); do (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null && break; sleep 1; done
  fi
}

step "preparing PostgreSQL, NATS, HAProxy, Chromium and device clients"
ensure_postgres
ensure_cluster_tools
ensure_chromium
ensure_device_clients

step "lint (biome)"
npx biome ci .

step "type-check (all workspaces)"
npm run typecheck

step "build (server and console)"
npm run build

step "unit, API and cluster tests (common, web, server on PGlite and PostgreSQL, three-node cluster)"
npx vitest run

step "browser tests (Chromium)"
npm run test:e2e

step "bundle budget"
node bench/bundle-size.mjs --check
