#!/usr/bin/env bash
# Runs the e2e suite (or the Playwright arguments given after the time) with the test runner,
# PostgreSQL and every app server believing the machine's clock says another time: libfaketime
# (Debian's `faketime` package) shifts the wall clock of every process by the same offset, and the
# clock keeps running. The suite sets its own time (ARCHITECTURE, Time), so it must pass whatever
# the machine's clock says. Chromium alone starts without libfaketime (bench/support/chromium.ts:
# under it, its zygote fails and pages hang); its pages run on their server's time anyway.
#
#   scripts/e2e-at.sh '2026-10-04 23:55'                  # a Sunday night in London
#   scripts/e2e-at.sh '2026-10-25 01:30' e2e/timetable.spec.ts
#
# The time is read as London's wall clock (TZ=Europe/London), as the university's is.
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
echo "e2e at $(TZ=Europe/London date -d "@$target" '+%A %Y-%m-%d %H:%M %Z') (wall clock ${sign}${offset}s, monotonic time untouched)"
export LD_PRELOAD="$library${LD_PRELOAD:+:$LD_PRELOAD}"
export FAKETIME="${sign}${offset}s"
# Timeouts and durations keep measuring real elapsed time.
export FAKETIME_DONT_FAKE_MONOTONIC=1
# An offset needs no time shared between processes: no shared memory, whose lock makes every
# clock read of a many-threaded process (Chromium, PostgreSQL) wait on the others.
export FAKETIME_DISABLE_SHM=1
date '+the machine now says: %A %Y-%m-%d %H:%M:%S %Z'
exec npx playwright test "$@"
