"""The wire scenario through boto3, for test/wire/boto3.test.ts: python3 scenario.py <endpoint>.

Runs with any boto3 (1.26 speaks query to SQS, 1.43 JSON) and prints one JSON line of what it saw; any failed check
raises, so the exit status says it all. Time moves only through the control routes.
"""
import base64
import hashlib
import json
import sys
import threading
import urllib.request

import boto3
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
common = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
sqs = boto3.client("sqs", **common)
sns = boto3.client("sns", **common)


def control(route, body=None):
    request = urllib.request.Request(
        f"{endpoint}/_mock/{route}",
        data=json.dumps(body or {}).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def md5(text):
    return hashlib.md5(text.encode()).hexdigest()


seen = {}

# Send, receive with attributes, delete; the body keeps its CR through XML.
url = sqs.create_queue(QueueName="py-orders")["QueueUrl"]
seen["queueUrl"] = url
body = "line1\r\nline2 <&>"
sent = sqs.send_message(
    QueueUrl=url,
    MessageBody=body,
    MessageAttributes={
        "s": {"DataType": "String", "StringValue": "v"},
        "b": {"DataType": "Binary", "BinaryValue": b"\x01\x02\x03"},
    },
)
assert sent["MD5OfMessageBody"] == md5(body), sent
received = sqs.receive_message(QueueUrl=url, MessageAttributeNames=["All"], AttributeNames=["All"])["Messages"]
assert len(received) == 1, received
message = received[0]
assert message["Body"] == body, repr(message["Body"])
assert message["MD5OfBody"] == md5(body)
assert message["MD5OfMessageAttributes"] == sent["MD5OfMessageAttributes"]
assert message["MessageAttributes"]["b"]["BinaryValue"] == b"\x01\x02\x03"
assert message["Attributes"]["ApproximateReceiveCount"] == "1"
sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])

# Batches.
batch = sqs.send_message_batch(
    QueueUrl=url, Entries=[{"Id": "a", "MessageBody": "one"}, {"Id": "b", "MessageBody": "two", "DelaySeconds": 0}]
)
assert len(batch["Successful"]) == 2, batch
messages = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10)["Messages"]
assert sorted(m["Body"] for m in messages) == ["one", "two"]
deleted = sqs.delete_message_batch(
    QueueUrl=url, Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(messages)]
)
assert len(deleted["Successful"]) == 2, deleted

# FIFO.
fifo = sqs.create_queue(QueueName="py.fifo", Attributes={"FifoQueue": "true"})["QueueUrl"]
first = sqs.send_message(QueueUrl=fifo, MessageBody="f1", MessageGroupId="g", MessageDeduplicationId="1")
assert first["SequenceNumber"], first
sqs.send_message(QueueUrl=fifo, MessageBody="f2", MessageGroupId="g", MessageDeduplicationId="2")
fifo_messages = sqs.receive_message(QueueUrl=fifo, MaxNumberOfMessages=10)["Messages"]
assert [m["Body"] for m in fifo_messages] == ["f1", "f2"]

# A long poll held until the clock passes its wait.
results = []
poll = threading.Thread(target=lambda: results.append(sqs.receive_message(QueueUrl=url, WaitTimeSeconds=20)))
poll.start()
while poll.is_alive():
    control("clock/advance", {"ms": 20000})
    poll.join(0.05)
assert "Messages" not in results[0], results

# An error, with the query code whatever the protocol.
try:
    sqs.get_queue_url(QueueName="missing")
    raise AssertionError("no error")
except ClientError as error:
    seen["errorCode"] = error.response["Error"]["Code"]
    seen["errorStatus"] = error.response["ResponseMetadata"]["HTTPStatusCode"]

# Visibility timeout, moved by the control route.
visible = sqs.create_queue(QueueName="py-visible", Attributes={"VisibilityTimeout": "30"})["QueueUrl"]
sqs.send_message(QueueUrl=visible, MessageBody="again")
assert len(sqs.receive_message(QueueUrl=visible)["Messages"]) == 1
assert "Messages" not in sqs.receive_message(QueueUrl=visible)
control("clock/advance", {"ms": 30000})
again = sqs.receive_message(QueueUrl=visible, AttributeNames=["ApproximateReceiveCount"])["Messages"]
assert again[0]["Attributes"]["ApproximateReceiveCount"] == "2", again

# SNS fan-out to SQS.
topic = sns.create_topic(Name="py-events", Attributes={"DisplayName": "events"})["TopicArn"]
target = sqs.create_queue(QueueName="py-events-queue")["QueueUrl"]
target_arn = sqs.get_queue_attributes(QueueUrl=target, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
sns.subscribe(TopicArn=topic, Protocol="sqs", Endpoint=target_arn, Attributes={"RawMessageDelivery": "true"})
sns.publish(
    TopicArn=topic, Message="fanned", MessageAttributes={"k": {"DataType": "String", "StringValue": "v"}}
)
delivered = sqs.receive_message(QueueUrl=target, MessageAttributeNames=["All"])["Messages"]
assert delivered[0]["Body"] == "fanned", delivered
assert delivered[0]["MessageAttributes"]["k"]["StringValue"] == "v"
assert sns.get_topic_attributes(TopicArn=topic)["Attributes"]["DisplayName"] == "events"
try:
    sns.get_topic_attributes(TopicArn=topic + "-missing")
    raise AssertionError("no error")
except ClientError as error:
    seen["snsErrorCode"] = error.response["Error"]["Code"]

print(json.dumps(seen))
