"""Edge inputs through boto3, for test/wire/boto3.test.ts: python3 edges.py <endpoint>.

Empty lists, keys named like JavaScript's object internals, SNS's empty results and a missing queue: prints one JSON
line of what each call answered, an error as its code (and, for the missing queue, its text). boto3 1.26 speaks query
to SQS, 1.43 JSON: the test expects one answer from both, as from AWS (docs/aws-behaviour/wire.md §5.5, §6.5, §7.2).
"""
import json
import sys

import boto3
import botocore.config
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
common = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
sqs = boto3.client("sqs", **common)
sns = boto3.client("sns", **common)


def answer(call):
    try:
        result = call()
    except ClientError as error:
        return {"error": error.response["Error"]["Code"], "status": error.response["ResponseMetadata"]["HTTPStatusCode"]}
    result.pop("ResponseMetadata", None)
    return {"ok": result}


url = sqs.create_queue(QueueName="edges")["QueueUrl"]
topic = sns.create_topic(Name="edges")["TopicArn"]
seen = {
    "protocol": sqs.meta.service_model.protocol,
    "sendMessageBatch": answer(lambda: sqs.send_message_batch(QueueUrl=url, Entries=[])),
    "deleteMessageBatch": answer(lambda: sqs.delete_message_batch(QueueUrl=url, Entries=[])),
    "changeMessageVisibilityBatch": answer(lambda: sqs.change_message_visibility_batch(QueueUrl=url, Entries=[])),
    "getQueueAttributes": answer(lambda: sqs.get_queue_attributes(QueueUrl=url, AttributeNames=[])),
    "addPermission": answer(
        lambda: sqs.add_permission(QueueUrl=url, Label="l", AWSAccountIds=["111111111111"], Actions=[])
    ),
    "untagQueue": answer(lambda: sqs.untag_queue(QueueUrl=url, TagKeys=[])),
    "createQueueProto": answer(lambda: sqs.create_queue(QueueName="proto", Attributes={"__proto__": "1"})),
    "tagQueueProto": answer(lambda: sqs.tag_queue(QueueUrl=url, Tags={"__proto__": "x", "constructor": "y"})),
    "listQueueTags": answer(lambda: sqs.list_queue_tags(QueueUrl=url)),
    "publishBatch": answer(lambda: sns.publish_batch(TopicArn=topic, PublishBatchRequestEntries=[])),
    "tagResource": answer(lambda: sns.tag_resource(ResourceArn=topic, Tags=[{"Key": "__proto__", "Value": "v"}])),
    "untagResource": answer(lambda: sns.untag_resource(ResourceArn=topic, TagKeys=["__proto__"])),
    "subscribeProto": answer(
        lambda: sns.subscribe(TopicArn=topic, Protocol="sqs", Endpoint="arn:aws:sqs:us-east-1:000000000000:edges",
                              Attributes={"__proto__": "x"})
    ),
}
try:
    sqs.get_queue_attributes(QueueUrl=f"{endpoint}/000000000000/missing")
except ClientError as error:
    seen["missingQueue"] = error.response["Error"]["Message"]
# Services the endpoint does not emulate: IAM speaks query (XML errors), DynamoDB AWS JSON. One attempt each, so that a
# body botocore could not parse (it retries those) shows as a failure, not as a slow pass.
one_try = botocore.config.Config(retries={"max_attempts": 1, "mode": "standard"})
for name, call in [
    ("iam", lambda: boto3.client("iam", config=one_try, **common).create_role(RoleName="r", AssumeRolePolicyDocument="{}")),
    ("dynamodb", lambda: boto3.client("dynamodb", config=one_try, **common).list_tables()),
]:
    try:
        call()
    except ClientError as error:
        seen[name] = {"code": error.response["Error"]["Code"], "message": error.response["Error"]["Message"]}
print(json.dumps(seen))
