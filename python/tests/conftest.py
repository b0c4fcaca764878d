"""The package's tests run `serve` from the repository's source (scripts/serve-dev.sh) unless SQS_SNS_MOCK_COMMAND names
another. Run them with `npm run test:python`, or `python3 -m pytest python/tests -p sqs_sns_mock.plugin` with
python/src on PYTHONPATH (or the package installed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

from sqs_sns_mock import COMMAND_VARIABLE, MockServer

pytest_plugins = ["pytester"]

PYTHON = Path(__file__).resolve().parents[1]
REPOSITORY = PYTHON.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
TEMPLATE = FIXTURES / "stack.yaml"
FUNCTIONS = FIXTURES / "handlers.mjs"

os.environ.setdefault(COMMAND_VARIABLE, str(REPOSITORY / "scripts" / "serve-dev.sh"))


def needed(module: str) -> Any:
    """The module, or a skip where it is not installed; under CI=true a missing one fails instead (.ci/run installs
    Debian's python3-boto3 and python3-pytest: scripts/wire-clients.sh)."""
    if os.environ.get("CI") == "true":
        return __import__(module)
    return pytest.importorskip(module)


@pytest.fixture(scope="session")
def server() -> Iterator[MockServer]:
    """A server with the fixture template, for the tests that share one (each resets it first)."""
    with MockServer(template=TEMPLATE, functions=FUNCTIONS, stack_name="orders") as started:
        yield started


@pytest.fixture
def plugin_args(pytestconfig: pytest.Config) -> List[str]:
    """What a pytester run needs to load the plugin: nothing when the installed package's entry point loaded it."""
    return [] if pytestconfig.pluginmanager.get_plugin("sqs_sns_mock") is not None else ["-p", "sqs_sns_mock.plugin"]


def suite_passes(folder: Path, environment: Dict[str, str], *args: str) -> str:
    """Runs pytest on a folder in a process of its own, as a user runs a suite; asserts that it passed and answers its
    summary line."""
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args, str(folder)],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    return ran.stdout.strip().splitlines()[-1]
