from __future__ import annotations

import os
from typing import List

import pytest

from conftest import FUNCTIONS, TEMPLATE
from test_server import reachable

# The suite a user writes: two tests on the fixture, the second checking the first left nothing behind.
SUITE = """
import os

def test_first(aws_mock):
    assert aws_mock.state()["queues"] == []
    os.environ["FIRST_ENDPOINT"] = aws_mock.endpoint

def test_second(aws_mock):
    assert aws_mock.endpoint == os.environ["FIRST_ENDPOINT"]
"""

WITH_TEMPLATE = """
def test_stack(aws_mock):
    [stack] = aws_mock.stacks()
    assert sorted(stack["resources"]) == ["Orders", "Worker", "WorkerReadsOrders"]
    assert stack["name"] == "{stack_name}"
"""


def test_aws_mock_is_one_server_for_the_session(pytester: pytest.Pytester, plugin_args: List[str]) -> None:
    pytester.makepyfile(SUITE)
    result = pytester.runpytest(*plugin_args)
    result.assert_outcomes(passed=2)
    # Stopped with the session.
    assert not reachable(os.environ.pop("FIRST_ENDPOINT"))


def test_aws_mock_is_reset_before_each_test(pytester: pytest.Pytester, plugin_args: List[str]) -> None:
    pytester.makepyfile(
        """
        import json, urllib.request

        def create_queue(endpoint, name):
            request = urllib.request.Request(
                endpoint, data=json.dumps({"QueueName": name}).encode(), method="POST",
                headers={"content-type": "application/x-amz-json-1.0", "x-amz-target": "AmazonSQS.CreateQueue"})
            urllib.request.urlopen(request).read()

        def test_leaves_a_queue(aws_mock):
            create_queue(aws_mock.endpoint, "left-behind")
            assert [queue["name"] for queue in aws_mock.state()["queues"]] == ["left-behind"]

        def test_finds_none(aws_mock):
            assert aws_mock.state()["queues"] == []
        """
    )
    result = pytester.runpytest(*plugin_args)
    result.assert_outcomes(passed=2)


def test_the_template_and_functions_options(pytester: pytest.Pytester, plugin_args: List[str]) -> None:
    pytester.makepyfile(WITH_TEMPLATE.replace("{stack_name}", "test-stack"))
    result = pytester.runpytest(
        *plugin_args, f"--sqs-sns-mock-template={TEMPLATE}", f"--sqs-sns-mock-functions={FUNCTIONS}"
    )
    result.assert_outcomes(passed=1)


def test_the_ini_options_are_relative_to_the_ini_file(pytester: pytest.Pytester, plugin_args: List[str]) -> None:
    infra = pytester.mkdir("infra")
    (infra / "stack.yaml").write_text(TEMPLATE.read_text())
    (infra / "handlers.mjs").write_text(FUNCTIONS.read_text())
    pytester.makeini(
        """
        [pytest]
        sqs_sns_mock_template = infra/stack.yaml
        sqs_sns_mock_functions = infra/handlers.mjs
        """
    )
    tests = pytester.mkdir("tests")
    (tests / "test_stack.py").write_text(WITH_TEMPLATE.replace("{stack_name}", "test-stack"))
    result = pytester.runpytest(*plugin_args, "--rootdir", str(pytester.path), str(tests))
    result.assert_outcomes(passed=1)


def test_other_options_through_the_options_fixture(pytester: pytest.Pytester, plugin_args: List[str]) -> None:
    pytester.makeconftest(
        f"""
        import pytest

        @pytest.fixture(scope="session")
        def sqs_sns_mock_options():
            return {{"template": {str(TEMPLATE)!r}, "functions": {str(FUNCTIONS)!r}, "stack_name": "orders",
                     "account_id": "123456789012"}}
        """
    )
    pytester.makepyfile(
        WITH_TEMPLATE.replace("{stack_name}", "orders")
        + """
def test_account(aws_mock):
    assert aws_mock.state()["accountId"] == "123456789012"
"""
    )
    result = pytester.runpytest(*plugin_args)
    result.assert_outcomes(passed=2)


def test_the_options_are_in_pytest_help(pytester: pytest.Pytester, plugin_args: List[str]) -> None:
    result = pytester.runpytest(*plugin_args, "--help")
    result.stdout.fnmatch_lines(["*sqs-sns-mock*", "*--sqs-sns-mock-template=*", "*--sqs-sns-mock-functions=*"])
