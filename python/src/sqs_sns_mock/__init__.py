"""sqs-sns-mock for Python: SQS, SNS, Lambda, EventBridge, Scheduler, S3 and Step Functions on one local endpoint,
on a clock you move.

`MockServer` runs `npx sqs-sns-mock serve` (or `SQS_SNS_MOCK_COMMAND`) and drives it; the pytest plugin
(`sqs_sns_mock.plugin`, loaded by its `pytest11` entry point) gives the `aws_mock` fixture.
"""

from .server import COMMAND_VARIABLE, MockServer, MockServerError

__all__ = ["COMMAND_VARIABLE", "MockServer", "MockServerError"]
__version__ = "0.1.0"
