from __future__ import annotations

import json
from typing import Any, Dict, List

from sqs_sns_mock import MockServer
from worker import work_once


def test_an_order_placed_reaches_the_worker(aws_mock: MockServer, sqs: Any, urls: Dict[str, str], place_order: Any):
    place_order({"orderId": "o-1", "total": 120})
    handled: List[Dict[str, Any]] = []
    assert work_once(sqs, urls["Orders"], handled.append) == 1
    assert handled == [{"orderId": "o-1", "total": 120}]
    [orders] = [queue for queue in aws_mock.state()["queues"] if queue["url"] == urls["Orders"]]
    assert orders["messages"] == {"visible": 0, "inFlight": 0, "delayed": 0}


def test_other_events_do_not_reach_it(sqs: Any, urls: Dict[str, str], place_order: Any):
    place_order({"orderId": "o-1"}, detail_type="OrderCancelled")
    assert work_once(sqs, urls["Orders"], lambda order: None) == 0


def test_an_order_that_keeps_failing_ends_in_the_dead_letter_queue(
    aws_mock: MockServer, sqs: Any, urls: Dict[str, str], place_order: Any
):
    place_order({"orderId": "o-2", "total": -1})

    def refuse(order: Dict[str, Any]) -> None:
        raise ValueError("negative total")

    for _ in range(3):
        assert work_once(sqs, urls["Orders"], refuse) == 0
        aws_mock.advance(30)  # the visibility timeout passes at once: no sleep
    # The fourth receive finds it past maxReceiveCount (3): SQS moves it to the dead-letter queue.
    assert work_once(sqs, urls["Orders"], refuse) == 0
    [moved] = sqs.receive_message(QueueUrl=urls["OrdersDlq"])["Messages"]
    assert json.loads(moved["Body"])["detail"] == {"orderId": "o-2", "total": -1}


def test_the_nightly_report_is_asked_for_once_a_day(aws_mock: MockServer, sqs: Any, urls: Dict[str, str]):
    assert "Messages" not in sqs.receive_message(QueueUrl=urls["Reports"])
    aws_mock.advance(24 * 60 * 60)  # a day on the server's clock: 02:00 UTC passes once
    [report] = sqs.receive_message(QueueUrl=urls["Reports"])["Messages"]
    assert json.loads(report["Body"]) == {"report": "nightly"}


def test_each_test_starts_from_the_stack_alone(aws_mock: MockServer, urls: Dict[str, str]):
    # Whatever the tests before left (messages, the dead-letter queue's content) is gone; the names are the same.
    assert sorted(urls) == ["Orders", "OrdersDlq", "Reports"]
    assert all(queue["messages"]["visible"] == 0 for queue in aws_mock.state()["queues"])
