"""Issue 33's scenario through the pytest plugin: the server runs the handlers of test/wire/fixtures/hosted/ (their
SDK clients made at module scope, with no endpoint or credentials) and a user's suite drives it with the aws_mock
fixture: the handlers' clients are answered by the server, their time is the server's clock, and a call to a
service the server does not emulate fails at once, naming it (docs/aws-behaviour/wire.md §14.7 to §14.9)."""

from __future__ import annotations

from typing import List

import pytest

from conftest import REPOSITORY, needed

HOSTED = REPOSITORY / "test" / "wire" / "fixtures" / "hosted"

SUITE = '''
import json
from datetime import datetime, timezone


def iso(ms):
    return datetime.fromtimestamp(ms / 1000, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def take(sqs, url):
    messages = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])
    for message in messages:
        sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])
    return [message["Body"] for message in messages]


def test_the_worker_publishes_each_order_stamped_with_the_server_time(aws_mock):
    outputs = aws_mock.stacks()[0]["outputs"]
    sqs = aws_mock.client("sqs")
    now = aws_mock.advance(24 * 60 * 60)  # a day ahead of the wall clock
    sqs.send_message(QueueUrl=outputs["OrdersUrl"], MessageBody=json.dumps({"orderId": "o-1"}))
    aws_mock.run_until_idle()
    [shipped] = take(sqs, outputs["ShippingUrl"])
    assert json.loads(shipped) == {"orderId": "o-1", "handledAt": iso(now)}
    # Sent by the handler to its template's Ref, an sqs.<region>.amazonaws.com URL.
    assert take(sqs, outputs["AuditUrl"]) == ["o-1"]


def test_an_order_held_for_ten_minutes_waits_on_the_server_clock(aws_mock):
    outputs = aws_mock.stacks()[0]["outputs"]
    sqs = aws_mock.client("sqs")
    start = aws_mock.state()["now"]
    sqs.send_message(QueueUrl=outputs["OrdersUrl"], MessageBody=json.dumps({"orderId": "o-2", "holdSeconds": 600}))
    assert aws_mock.run_until_idle() >= 600_000
    [shipped] = take(sqs, outputs["ShippingUrl"])
    assert json.loads(shipped)["handledAt"] == iso(start + 600_000)


def test_a_call_to_a_service_not_emulated_fails_at_once(aws_mock):
    answer = aws_mock.client("lambda").invoke(FunctionName="stranger")
    payload = json.loads(answer["Payload"].read())
    assert answer["FunctionError"] == "Unhandled"
    assert payload["errorType"] == "ServiceNotEmulatedError"
    assert "AssumeRoleCommand of STSClient" in payload["errorMessage"]
    assert "STS is not emulated" in payload["errorMessage"]
'''


def test_the_hosted_handlers_scenario(pytester: pytest.Pytester, plugin_args: List[str]) -> None:
    needed("boto3")
    pytester.makepyfile(SUITE)
    result = pytester.runpytest(
        *plugin_args,
        f"--sqs-sns-mock-template={HOSTED / 'stack.yaml'}",
        f"--sqs-sns-mock-functions={HOSTED / 'handlers.mjs'}",
    )
    result.assert_outcomes(passed=3)
