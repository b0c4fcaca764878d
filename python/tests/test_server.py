from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

from conftest import FIXTURES, FUNCTIONS, REPOSITORY, TEMPLATE, needed
from sqs_sns_mock import COMMAND_VARIABLE, MockServer, MockServerError


def reachable(endpoint: str) -> bool:
    address = urllib.parse.urlsplit(endpoint)
    try:
        with socket.create_connection((address.hostname, address.port), timeout=2):
            return True
    except OSError:
        return False


def orders_url(server: MockServer) -> str:
    [stack] = server.stacks()
    return stack["resources"]["Orders"]["url"]


class TestLifecycle:
    def test_starts_on_a_free_port_of_loopback_and_stops(self) -> None:
        with MockServer() as server:
            assert server.running
            assert server.endpoint.startswith("http://127.0.0.1:")
            assert server.state()["queues"] == []
            endpoint = server.endpoint
        assert not server.running
        assert not reachable(endpoint)
        with pytest.raises(MockServerError, match="not running"):
            server.endpoint

    def test_stops_when_the_block_raises(self) -> None:
        with pytest.raises(RuntimeError, match="the test failed"):
            with MockServer() as server:
                endpoint = server.endpoint
                raise RuntimeError("the test failed")
        assert not reachable(endpoint)

    def test_stops_the_server_behind_a_wrapper_that_does_not_pass_sigterm_on(self) -> None:
        # npx runs the bin under a shell that ends on SIGTERM without passing it on (wire.md §14.6): a wrapper of the
        # same kind, whose `; :` keeps the shell from exec-ing the server.
        command = ["sh", "-c", '"$0" "$@"; :', os.environ[COMMAND_VARIABLE]]
        server = MockServer(command=command).start()
        endpoint = server.endpoint
        server.stop()
        assert not reachable(endpoint)

    def test_says_why_it_did_not_start(self, tmp_path: Path) -> None:
        broken = tmp_path / "broken.yaml"
        broken.write_text("Resources:\n  Orders:\n    Type: AWS::SQS::Queue\n    Properties: { Colour: blue }\n")
        with pytest.raises(MockServerError, match=r"exited with 1 before listening:[\s\S]*Colour") as raised:
            MockServer(template=broken).start()
        assert raised.value.code is None

    def test_says_so_when_the_command_cannot_run(self) -> None:
        with pytest.raises(MockServerError, match="cannot run"):
            MockServer(command=[str(FIXTURES / "no-such-command")]).start()

    def test_keeps_what_the_server_printed(self, server: MockServer) -> None:
        needed("boto3")
        server.reset()
        server.client("sqs").send_message(QueueUrl=orders_url(server), MessageBody="logged")
        server.run_until_idle()
        assert "hello logged" in server.output


class TestCommandLine:
    def test_passes_each_option_to_serve(self) -> None:
        server = MockServer(
            "stack.yaml",
            "handlers.js",
            stack_name="orders",
            parameters={"Stage": "dev", "Zones": ["a", "b"], "Debug": True, "Size": 3},
            account_id="123456789012",
            region="eu-west-1",
            seed=7,
            clock="manual",
            command="node 'my cli.js'",
        )
        assert server.arguments() == [
            "node",
            "my cli.js",
            "serve",
            "--port",
            "0",
            "--template",
            os.path.abspath("stack.yaml"),
            "--stack-name",
            "orders",
            "--parameters",
            "Stage=dev",
            "--parameters",
            "Zones=a,b",
            "--parameters",
            "Debug=true",
            "--parameters",
            "Size=3",
            "--functions",
            os.path.abspath("handlers.js"),
            "--account-id",
            "123456789012",
            "--region",
            "eu-west-1",
            "--seed",
            "7",
            "--clock",
            "manual",
        ]

    def test_runs_npx_unless_told_otherwise(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv(COMMAND_VARIABLE)
        assert MockServer().arguments() == ["npx", "--yes", "sqs-sns-mock", "serve", "--port", "0"]
        monkeypatch.setenv(COMMAND_VARIABLE, "/opt/bin/sqs-sns-mock --inspect")
        assert MockServer().arguments()[:3] == ["/opt/bin/sqs-sns-mock", "--inspect", "serve"]

    def test_serves_the_account_and_region_asked_for(self) -> None:
        with MockServer(account_id="123456789012", region="eu-west-1") as server:
            state = server.state()
            assert (state["accountId"], state["region"]) == ("123456789012", "eu-west-1")
            assert server.region == "eu-west-1"


class TestControl:
    def test_advance_moves_the_clock_by_seconds_or_milliseconds(self, server: MockServer) -> None:
        server.reset()
        start = server.state()["now"]
        assert server.advance(31) == start + 31_000
        assert server.advance(0.5) == start + 31_500
        assert server.advance(ms=1_000) == start + 32_500
        with pytest.raises(TypeError):
            server.advance()
        with pytest.raises(TypeError):
            server.advance(1, ms=1)
        with pytest.raises(MockServerError, match="InvalidParameterValue") as raised:
            server.advance(-1)
        assert (raised.value.code, raised.value.status) == ("InvalidParameterValue", 400)

    def test_a_message_comes_back_after_its_visibility_timeout(self, server: MockServer) -> None:
        needed("boto3")
        server.reset()
        sqs = server.client("sqs")
        url = sqs.create_queue(QueueName="plain", Attributes={"VisibilityTimeout": "30"})["QueueUrl"]
        sqs.send_message(QueueUrl=url, MessageBody="order-1")
        assert len(sqs.receive_message(QueueUrl=url)["Messages"]) == 1
        server.advance(29)
        assert "Messages" not in sqs.receive_message(QueueUrl=url)
        server.advance(1)
        again = sqs.receive_message(QueueUrl=url, AttributeNames=["ApproximateReceiveCount"])["Messages"]
        assert again[0]["Attributes"]["ApproximateReceiveCount"] == "2"

    def test_run_until_idle_moves_the_clock_through_a_failed_batch_and_answers_how_far(
        self, server: MockServer
    ) -> None:
        needed("boto3")
        server.reset()
        sent = server.client("sqs").send_message(QueueUrl=orders_url(server), MessageBody="fail")
        # The handler fails the first time: the message comes back after the queue's 30 s visibility timeout.
        assert server.run_until_idle() == 30_000
        assert server.run_until_idle() == 0
        journey = server.journey(sent["MessageId"])
        assert [step["kind"] for step in journey["steps"]].count("received") == 2
        assert "deleted" in journey["text"]

    def test_journey_of_an_unknown_id_is_not_found(self, server: MockServer) -> None:
        with pytest.raises(MockServerError) as raised:
            server.journey("no/such id")
        assert (raised.value.code, raised.value.status) == ("NotFound", 404)

    def test_reset_provisions_the_stack_again_under_the_same_names(self, server: MockServer) -> None:
        needed("boto3")
        server.reset()
        before = server.stacks()
        sqs = server.client("sqs")
        sqs.send_message(QueueUrl=orders_url(server), MessageBody="left over")
        sqs.create_queue(QueueName="made-by-a-test")
        server.reset()
        after = server.stacks()
        assert [stack["name"] for stack in after] == ["orders"]
        for logical_id in ("Orders", "Worker"):
            assert after[0]["resources"][logical_id] == before[0]["resources"][logical_id]
        assert [queue["url"] for queue in server.state()["queues"]] == [orders_url(server)]
        assert server.state()["queues"][0]["messages"]["visible"] == 0

    def test_reset_empty_drops_everything(self, server: MockServer) -> None:
        server.reset(empty=True)
        assert server.stacks() == []
        assert server.state()["functions"] == []
        server.reset()
        assert len(server.stacks()) == 1

    def test_stacks_list_resources_by_logical_id(self, server: MockServer) -> None:
        server.reset()
        [stack] = server.stacks()
        orders = stack["resources"]["Orders"]
        assert orders["type"] == "AWS::SQS::Queue"
        assert orders["url"].startswith(server.endpoint + "/000000000000/orders-Orders-")
        assert orders["arn"].startswith("arn:aws:sqs:us-east-1:000000000000:orders-Orders-")
        assert stack["resources"]["Worker"]["physicalId"].startswith("orders-Worker-")
        assert stack["outputs"] == {"OrdersUrl": orders["url"]}

    def test_seed_gives_the_same_ids_after_a_reset(self) -> None:
        needed("boto3")
        with MockServer(template=TEMPLATE, functions=FUNCTIONS, seed=7) as server:
            ids = []
            for _ in range(2):
                server.reset()
                sent = server.client("sqs").send_message(QueueUrl=orders_url(server), MessageBody="one")
                ids.append((server.stacks(), sent["MessageId"]))
            assert ids[0] == ids[1]

    def test_client_gives_boto3_clients_for_the_server(self, server: MockServer) -> None:
        needed("boto3")
        sqs = server.client("sqs")
        assert sqs.meta.endpoint_url == server.endpoint
        assert sqs.meta.region_name == "us-east-1"
        assert server.client("sns", region_name="eu-west-1").meta.region_name == "eu-west-1"


def test_the_package_needs_nothing_but_the_standard_library() -> None:
    # -S: without site-packages (so without boto3 and pytest), only the package's own folder added.
    source = str(REPOSITORY / "python" / "src")
    code = f"import sys; sys.path.insert(0, {source!r}); from sqs_sns_mock import MockServer; print(MockServer)"
    ran = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=False)
    assert ran.returncode == 0, ran.stderr
    assert "MockServer" in ran.stdout
