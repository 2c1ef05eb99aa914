#!/usr/bin/env bash
# Runs the e2e suite (or the Playwright arguments given after the time) with PostgreSQL and every
# app server believing the machine's clock says another time: libfaketime (Debian's `faketime`
# package) shifts their wall clock by one offset, and it keeps running. The suite sets its own time
# (ARCHITECTURE, Time), so it must pass whatever the machine's clock says.
#
# The test runner and Chromium keep the real clock (e2e/support/clock.ts, fakeWallClockEnv):
# Playwright's page clock replays its moves by the runner's and the browser's wall clocks, which
# must agree, and Chromium hangs under libfaketime. The specs read the time only from their servers
# and pages (eslint.config.js). The peers that check a server's timestamps against their own clock
# run in processes of their own on the shifted clock, as they would on real time: the Web Push
# service (VAPID expiry, e2e/support/pushServiceProcess.ts) and the OpenID provider (ID token
# times, e2e/support/identityProviderProcess.ts).
#
#   scripts/e2e-at.sh '2026-10-04 23:55'                  # a Sunday night in London
#   scripts/e2e-at.sh '2026-10-25 01:30 +0100' e2e/timetable.spec.ts   # an explicit offset picks one of the two 01:30s
#
# The time is read as London's wall clock (TZ=Europe/London), as the university's is, unless it
# carries an offset: on the day the clocks go forward, 01:30 does not exist in London.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 'YYYY-MM-DD HH:MM' [playwright test arguments]" >&2
  exit 2
fi
at="$1"
shift

library=""
for candidate in /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 /usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1 /usr/lib/faketime/libfaketime.so.1; do
  if [ -f "$candidate" ]; then library="$candidate"; break; fi
done
if [ -z "$library" ]; then
  echo "libfaketime is not installed: apt-get install -y faketime" >&2
  exit 2
fi

target=$(TZ=Europe/London date -d "$at" +%s)
offset=$((target - $(date +%s)))
sign="+"
if [ "$offset" -lt 0 ]; then sign="-"; offset=$((-offset)); fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export E2E_FAKETIME_LIBRARY="$library"
export E2E_FAKE_WALL_CLOCK="${sign}${offset}s"
echo "e2e with the servers and PostgreSQL at $(TZ=Europe/London date -d "@$target" '+%A %Y-%m-%d %H:%M %Z') (wall clock ${E2E_FAKE_WALL_CLOCK})"
LD_PRELOAD="$library" FAKETIME="$E2E_FAKE_WALL_CLOCK" FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_DISABLE_SHM=1 \
  date '+a process under it now says: %A %Y-%m-%d %H:%M:%S %Z'
exec npx playwright test "$@"
