#!/usr/bin/env bash
# Runs the vitest suite against the oldest and the newest AWS SDK we support (README: "Supported SDK versions").
# Each folder of sdk-range/ pins the @aws-sdk clients the mock emulates exactly, with a lockfile;
# `npm ci` installs them there and vitest.sdk-range.config.ts points the tests and the library at that copy.
#   bash scripts/sdk-range.sh            # oldest, then newest
#   bash scripts/sdk-range.sh oldest     # one of them
#   bash scripts/sdk-range.sh --if-ci    # only when CI=true (how `npm test` calls it), else a one-line skip
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--if-ci" ]; then
  shift
  if [ "${CI:-}" != "true" ]; then
    echo "sdk-range: skipped outside CI (CI=true npm test, or npm run test:sdk-range, runs it)"
    exit 0
  fi
fi

ranges=("$@")
[ ${#ranges[@]} -gt 0 ] || ranges=(oldest newest)

version() { node -p "require('./sdk-range/$1/node_modules/$2/package.json').version"; }

failed=()
for range in "${ranges[@]}"; do
  [ -f "sdk-range/$range/package-lock.json" ] || { echo "sdk-range: no sdk-range/$range/package-lock.json" >&2; exit 2; }
  echo "== sdk-range/$range: npm ci"
  (cd "sdk-range/$range" && npm ci --no-audit --no-fund --loglevel=error)
  sqs=$(version "$range" @aws-sdk/client-sqs)
  sns=$(version "$range" @aws-sdk/client-sns)
  lambda=$(version "$range" @aws-sdk/client-lambda)
  events=$(version "$range" @aws-sdk/client-eventbridge)
  scheduler=$(version "$range" @aws-sdk/client-scheduler)
  s3=$(version "$range" @aws-sdk/client-s3)
  sfn=$(version "$range" @aws-sdk/client-sfn)
  versions="client-sqs $sqs, client-sns $sns, client-lambda $lambda, client-eventbridge $events, client-scheduler $scheduler"
  versions="$versions, client-s3 $s3, client-sfn $sfn"
  echo "== sdk-range/$range: vitest with $versions"
  started=$SECONDS
  if SDK_RANGE="$range" npx vitest run --config vitest.sdk-range.config.ts; then
    echo "== sdk-range/$range ($versions): passed in $((SECONDS - started)) s"
  else
    echo "== sdk-range/$range ($versions): FAILED after $((SECONDS - started)) s"
    failed+=("$range")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "sdk-range: failed against ${failed[*]}" >&2
  exit 1
fi
