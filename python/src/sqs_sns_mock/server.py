"""`sqs-sns-mock serve` as a child process: its endpoint, boto3 clients for it, its clock and its state.

The server is the npm package's bin (`npx sqs-sns-mock serve`), or the command named by `SQS_SNS_MOCK_COMMAND`. Its
control routes (`/_mock/...`, docs/aws-behaviour/wire.md §13 in the repository) are reached with the standard library.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import weakref
from collections import deque
from typing import IO, Any, Callable, Deque, Dict, List, Mapping, Optional, Sequence, Union

#: An executable (with arguments, split as a shell would) to run instead of `npx --yes sqs-sns-mock`; `serve` and its
#: options are added after it.
COMMAND_VARIABLE = "SQS_SNS_MOCK_COMMAND"
DEFAULT_COMMAND = ("npx", "--yes", "sqs-sns-mock")
DEFAULT_REGION = "us-east-1"

_LISTENING = re.compile(r"^sqs-sns-mock listening on (http://\S+)\s*$")
#: How many lines of the server's output are kept, to say why it stopped.
_KEPT_LINES = 200
_IS_WINDOWS = sys.platform == "win32"

PathLike = Union[str, "os.PathLike[str]"]
ParameterValue = Union[str, int, float, bool, Sequence[str]]


class MockServerError(RuntimeError):
    """The server did not start, or a control route answered an error.

    `code` is the route's error (`NotFound`, `InvalidParameterValue`, `ClockNotManual`, ...) and `status` its HTTP
    status; both are None when the server did not start.
    """

    def __init__(self, message: str, code: Optional[str] = None, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


class MockServer:
    """`sqs-sns-mock serve` on a free port of 127.0.0.1, started by `start()` or `with`, stopped by `stop()`.

    >>> with MockServer(template="stack.yaml", functions="handlers.js", stack_name="orders") as server:
    ...     sqs = server.client("sqs")
    ...     server.advance(31)

    `template`, `functions`, `stack_name`, `parameters`, `account_id`, `region`, `seed` and `clock` are the options of
    `serve` of the same names; `command` (a list, or a string split as a shell would) replaces `npx --yes sqs-sns-mock`
    and the `SQS_SNS_MOCK_COMMAND` variable; `env` is added to this process's environment for the server.
    """

    def __init__(
        self,
        template: Optional[PathLike] = None,
        functions: Optional[PathLike] = None,
        *,
        stack_name: Optional[str] = None,
        parameters: Optional[Mapping[str, ParameterValue]] = None,
        account_id: Optional[str] = None,
        region: Optional[str] = None,
        seed: Optional[int] = None,
        clock: Optional[str] = None,
        command: Union[str, Sequence[str], None] = None,
        env: Optional[Mapping[str, str]] = None,
        start_timeout: float = 120.0,
    ) -> None:
        self.template = _absolute(template)
        self.functions = _absolute(functions)
        self.stack_name = stack_name
        self.parameters = dict(parameters or {})
        self.account_id = account_id
        self.region = region or DEFAULT_REGION
        self._region_given = region is not None
        self.seed = seed
        self.clock = clock
        self.command = _command(command)
        self.env = dict(env or {})
        self.start_timeout = start_timeout
        self._process: Optional[subprocess.Popen[str]] = None
        self._endpoint: Optional[str] = None
        self._output: Deque[str] = deque(maxlen=_KEPT_LINES)
        self._readers: List[threading.Thread] = []
        self._finalizer: Optional[weakref.finalize] = None
        # Control requests go straight to the server, never through a proxy the environment names.
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    # Lifecycle

    def arguments(self) -> List[str]:
        """The command line the server is started with."""
        argv = [*self.command, "serve", "--port", "0"]
        if self.template is not None:
            argv += ["--template", self.template]
        if self.stack_name is not None:
            argv += ["--stack-name", self.stack_name]
        for name, value in self.parameters.items():
            text = ",".join(value) if isinstance(value, (list, tuple)) else _text(value)
            argv += ["--parameters", f"{name}={text}"]
        if self.functions is not None:
            argv += ["--functions", self.functions]
        if self.account_id is not None:
            argv += ["--account-id", self.account_id]
        if self._region_given:
            argv += ["--region", self.region]
        if self.seed is not None:
            argv += ["--seed", str(self.seed)]
        if self.clock is not None:
            argv += ["--clock", self.clock]
        return argv

    def start(self) -> "MockServer":
        """Starts the server and waits for its `listening on` line; raises `MockServerError` if it stops first."""
        if self._process is not None:
            return self
        argv = self.arguments()
        executable = shutil.which(argv[0]) or argv[0]
        options: Dict[str, Any] = {}
        if _IS_WINDOWS:
            options["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP  # type: ignore[attr-defined]
        else:
            # Its own process group: `npx` runs the bin under a shell that does not pass a SIGTERM on, so stopping
            # signals the whole group (docs/aws-behaviour/wire.md §14.6).
            options["start_new_session"] = True
        try:
            process = subprocess.Popen(
                [executable, *argv[1:]],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env={**os.environ, **self.env},
                text=True,
                encoding="utf-8",
                errors="replace",
                **options,
            )
        except OSError as error:
            raise MockServerError(f"sqs-sns-mock: cannot run {shlex.join(argv)}: {error}") from error
        self._process = process
        self._output.clear()
        self._finalizer = weakref.finalize(self, _terminate, process)
        listening = threading.Event()
        found: List[str] = []

        def on_stdout(line: str) -> None:
            match = _LISTENING.match(line)
            if match and not found:
                found.append(match.group(1))
                listening.set()

        assert process.stdout is not None and process.stderr is not None
        # Both streams are read to the end: a server whose pipe filled up would stop answering.
        self._readers = [
            _reader(process.stdout, self._output, on_stdout),
            _reader(process.stderr, self._output, None),
        ]
        deadline = time.monotonic() + self.start_timeout
        while not listening.wait(0.05):
            if process.poll() is not None:
                for reader in self._readers:
                    reader.join(2)
                self._forget()
                raise MockServerError(
                    f"sqs-sns-mock: {shlex.join(argv)} exited with {process.returncode} before listening:\n"
                    + self.output
                )
            if time.monotonic() > deadline:
                self.stop()
                raise MockServerError(
                    f"sqs-sns-mock: {shlex.join(argv)} did not print its listening line in {self.start_timeout} s:\n"
                    + self.output
                )
        self._endpoint = found[0]
        return self

    def stop(self) -> None:
        """Stops the server (SIGTERM to its process group, SIGKILL if it is still there after 10 s)."""
        process = self._process
        if process is None:
            return
        _terminate(process)
        # The output ends once every process of the group has let go of it: a wrapper's child may outlive the wrapper.
        deadline = time.monotonic() + 10
        for reader in self._readers:
            reader.join(max(0.0, deadline - time.monotonic()))
        if any(reader.is_alive() for reader in self._readers) and not _IS_WINDOWS:
            _signal_group(process.pid, signal.SIGKILL)
            for reader in self._readers:
                reader.join(1)
        self._forget()

    def _forget(self) -> None:
        if self._finalizer is not None:
            self._finalizer.detach()
        self._process = None
        self._endpoint = None
        self._readers = []
        self._finalizer = None

    def __enter__(self) -> "MockServer":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def output(self) -> str:
        """The last lines the server printed (stdout and stderr), e.g. a handler's `console.log`."""
        return "\n".join(self._output)

    @property
    def endpoint(self) -> str:
        """`http://127.0.0.1:<port>`: the endpoint URL for any AWS client."""
        if self._endpoint is None:
            raise MockServerError("sqs-sns-mock: the server is not running (use start() or a with block)")
        return self._endpoint

    def __repr__(self) -> str:
        where = self._endpoint or "not running"
        return f"<MockServer {where}>"

    # Clients

    def client(self, service_name: str, **options: Any) -> Any:
        """A boto3 client for the server: its endpoint, the server's region and dummy credentials; `options` win."""
        try:
            import boto3
        except ImportError as error:  # pragma: no cover - depends on the machine
            raise ImportError("sqs_sns_mock: MockServer.client needs boto3 (pip install boto3)") from error
        settings: Dict[str, Any] = {
            "endpoint_url": self.endpoint,
            "region_name": self.region,
            "aws_access_key_id": "test",
            "aws_secret_access_key": "test",
        }
        settings.update(options)
        return boto3.client(service_name, **settings)

    # Control routes (wire.md §13)

    def advance(self, seconds: Optional[float] = None, *, ms: Optional[float] = None) -> int:
        """Moves the server's clock by `seconds` (or `ms`), running what falls due on the way; answers its new time
        (epoch milliseconds) once that work settled."""
        if (seconds is None) == (ms is None):
            raise TypeError("advance() takes seconds or ms=, one of them")
        amount = ms if ms is not None else seconds * 1000  # type: ignore[operator]
        return int(self._call("POST", "clock/advance", {"ms": amount})["now"])

    def run_until_idle(self, *, max_time: Optional[float] = None, real_time_wait: Optional[float] = None) -> int:
        """Moves the clock to each next thing the emulation does until nothing is left (or `max_time` seconds, default
        15 minutes, passed), waiting up to `real_time_wait` real seconds (default 5) for a handler's real work each
        time; answers the milliseconds moved."""
        body: Dict[str, float] = {}
        if max_time is not None:
            body["maxTime"] = max_time * 1000
        if real_time_wait is not None:
            body["realTimeWait"] = real_time_wait * 1000
        return int(self._call("POST", "run-until-idle", body)["advancedMs"])

    def reset(self, empty: bool = False) -> None:
        """Back to the state just after start-up: everything forgotten, the template's stack provisioned again under
        the same names. `empty=True` leaves nothing at all. The clock is not moved back."""
        self._call("POST", "reset", {"empty": True} if empty else None)

    def state(self) -> Dict[str, Any]:
        """What the account holds: `now`, queues (with message counts), topics, functions, mappings, rules, ..."""
        return self._call("GET", "state")

    def stacks(self) -> List[Dict[str, Any]]:
        """Each stack's `name`, `resources` by logical id (`type`, `physicalId`, `arn`, `url`) and `outputs`."""
        return self._call("GET", "stacks")

    def journey(self, message_id: str) -> Dict[str, Any]:
        """A message's steps across services (`{"id", "steps", "text"}`), for an SQS or SNS MessageId or a Lambda
        request id; raises `MockServerError` (code `NotFound`) when nothing was recorded for it."""
        return self._call("GET", "journey/" + urllib.parse.quote(message_id, safe=""))

    def _call(self, method: str, route: str, body: Optional[Mapping[str, Any]] = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(
            f"{self.endpoint}/_mock/{route}",
            data=data,
            method=method,
            headers={"content-type": "application/json"} if data is not None else {},
        )
        try:
            with self._opener.open(request, timeout=600) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            try:
                answer = json.load(error)
            except ValueError:
                answer = {}
            code = answer.get("error")
            raise MockServerError(
                f"sqs-sns-mock: {method} /_mock/{route}: {code or error.code}: {answer.get('message', error.reason)}",
                code,
                error.code,
            ) from None


def _command(given: Union[str, Sequence[str], None]) -> List[str]:
    if given is None:
        given = os.environ.get(COMMAND_VARIABLE) or None
    if given is None:
        return list(DEFAULT_COMMAND)
    command = shlex.split(given) if isinstance(given, str) else list(given)
    if not command:
        raise ValueError(f"sqs_sns_mock: an empty command (check {COMMAND_VARIABLE})")
    return command


def _absolute(path: Optional[PathLike]) -> Optional[str]:
    return None if path is None else os.path.abspath(os.fspath(path))


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _reader(stream: IO[str], lines: Deque[str], on_line: Optional[Callable[[str], None]]) -> threading.Thread:
    def read() -> None:
        try:
            for line in stream:
                lines.append(line.rstrip("\r\n"))
                if on_line is not None:
                    on_line(line)
        except ValueError:  # the stream was closed under the reader
            pass
        finally:
            stream.close()

    thread = threading.Thread(target=read, name="sqs-sns-mock output", daemon=True)
    thread.start()
    return thread


def _terminate(process: "subprocess.Popen[str]") -> None:
    """SIGTERM to the server's process group (the server and any wrapper: npx and its shell), SIGKILL after 10 s."""
    if _IS_WINDOWS:
        if process.poll() is None:
            subprocess.run(["taskkill", "/T", "/F", "/PID", str(process.pid)], capture_output=True, check=False)
        process.wait()
        return
    _signal_group(process.pid, signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        _signal_group(process.pid, signal.SIGKILL)
        process.wait()


def _signal_group(group: int, signal_number: int) -> None:
    try:
        os.killpg(group, signal_number)
    except ProcessLookupError:  # all of it has exited
        pass
