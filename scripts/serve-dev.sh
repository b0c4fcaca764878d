#!/bin/sh
# `sqs-sns-mock` run from src/ through tsx, with no build: what the Python tests (python/tests) and the Python guide's
# example suite give as SQS_SNS_MOCK_COMMAND. Its arguments are the bin's (`serve --port 0 ...`).
root=$(cd "$(dirname "$0")/.." && pwd)
exec node --import "$root/node_modules/tsx/dist/loader.mjs" "$root/src/server/cli.ts" "$@"
