"""The pytest plugin: the `aws_mock` fixture, one server per session, reset before each test.

Options (command line, or the ini keys of the same names, whose paths are relative to the ini file):
`--sqs-sns-mock-template` / `sqs_sns_mock_template` and `--sqs-sns-mock-functions` / `sqs_sns_mock_functions`.
Override the `sqs_sns_mock_options` fixture (session scope) for any other `MockServer` option.
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterator, Optional

import pytest

from .server import MockServer

_OPTIONS = {
    "template": "a CloudFormation template (YAML or JSON, CDK's and SAM's too) the server provisions at start and "
    "again before each test",
    "functions": "a JavaScript module whose exports are the handlers of the template's Lambda functions, by logical id",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("sqs-sns-mock", "sqs-sns-mock: the aws_mock fixture's server")
    for name, help_text in _OPTIONS.items():
        group.addoption(f"--sqs-sns-mock-{name}", dest=f"sqs_sns_mock_{name}", default=None, help=help_text)
        parser.addini(f"sqs_sns_mock_{name}", help_text + " (relative to the ini file)", default=None)


def _path(config: pytest.Config, name: str) -> Optional[str]:
    given = config.getoption(f"sqs_sns_mock_{name}")
    if given:
        return os.path.abspath(given)
    from_ini = config.getini(f"sqs_sns_mock_{name}")
    if not from_ini:
        return None
    base = config.inipath.parent if config.inipath is not None else config.rootpath
    return os.path.join(str(base), str(from_ini))


@pytest.fixture(scope="session")
def sqs_sns_mock_options(pytestconfig: pytest.Config) -> Dict[str, Any]:
    """The `MockServer` options of the session's server: the template and functions of the plugin's options.
    Override it in a conftest.py to add others (`stack_name`, `parameters`, `seed`, `account_id`, `region`)."""
    return {"template": _path(pytestconfig, "template"), "functions": _path(pytestconfig, "functions")}


@pytest.fixture(scope="session")
def sqs_sns_mock_server(sqs_sns_mock_options: Dict[str, Any]) -> Iterator[MockServer]:
    """The session's one server, started at its first use and stopped at the end of the session."""
    with MockServer(**sqs_sns_mock_options) as server:
        yield server


@pytest.fixture
def aws_mock(sqs_sns_mock_server: MockServer) -> MockServer:
    """The session's `MockServer`, reset to the state just after start-up: the template's stack, nothing else."""
    sqs_sns_mock_server.reset()
    return sqs_sns_mock_server
