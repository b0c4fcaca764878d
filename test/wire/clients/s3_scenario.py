"""S3 over the wire through boto3, for test/wire/s3-clients.test.ts: python3 s3_scenario.py <endpoint>.

Runs with any boto3 (Debian's 1.26 sends no flexible checksums, a current one CRC32) and prints one JSON line of what
it saw; any failed check raises, so the exit status says it all.
"""
import io
import json
import sys
import urllib.request

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
common = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
s3 = boto3.client("s3", **common)
sqs = boto3.client("sqs", **common)
seen = {}

s3.create_bucket(Bucket="py-bucket")
# boto3 sends no Content-Type: S3 stores binary/octet-stream.
put = s3.put_object(Bucket="py-bucket", Key="dir/a b+c.txt", Body=b"something", Metadata={"Owner": "me"})
assert put["ETag"] == '"437b930db84b8079c2dd804a71936b5f"', put
got = s3.get_object(Bucket="py-bucket", Key="dir/a b+c.txt")
assert got["Body"].read() == b"something"
seen["contentType"] = got["ContentType"]
seen["metadata"] = got["Metadata"]
head = s3.head_object(Bucket="py-bucket", Key="dir/a b+c.txt")
assert head["ContentLength"] == 9, head

# boto3 asks for url-encoded keys and decodes them.
listed = s3.list_objects_v2(Bucket="py-bucket", Prefix="dir/")
seen["listed"] = [item["Key"] for item in listed["Contents"]]
v1 = s3.list_objects(Bucket="py-bucket", Delimiter="/")
seen["commonPrefixes"] = [prefix["Prefix"] for prefix in v1["CommonPrefixes"]]

try:
    s3.get_object(Bucket="py-bucket", Key="missing")
    raise AssertionError("no error")
except ClientError as error:
    seen["noSuchKey"] = [error.response["Error"]["Code"], error.response["Error"]["Message"]]
try:
    s3.head_object(Bucket="py-bucket", Key="missing")
    raise AssertionError("no error")
except ClientError as error:
    seen["headMissing"] = error.response["Error"]["Code"]
try:
    s3.create_bucket(Bucket="Bad_Name")
    raise AssertionError("no error")
except ClientError as error:
    seen["badName"] = error.response["Error"]["Code"]

# A multipart upload through the transfer manager.
config = TransferConfig(multipart_threshold=5 * 1024 * 1024, multipart_chunksize=5 * 1024 * 1024)
s3.upload_fileobj(io.BytesIO(b"m" * (6 * 1024 * 1024)), "py-bucket", "big.bin", Config=config)
big = s3.head_object(Bucket="py-bucket", Key="big.bin")
seen["multipartEtag"] = big["ETag"].endswith('-2"')
seen["multipartSize"] = big["ContentLength"]
# GetObjectAttributes (s3.md §2.14): the ETag without quotes, the part count, an unknown attribute refused.
attributes = s3.get_object_attributes(
    Bucket="py-bucket", Key="big.bin", ObjectAttributes=["ETag", "ObjectParts", "ObjectSize", "StorageClass"]
)
seen["attributes"] = [
    attributes["ETag"] == big["ETag"].strip('"'),
    # A newer boto3's transfer manager uploads with CRC32 parts, so a COMPOSITE checksum: its parts are listed too.
    attributes["ObjectParts"]["TotalPartsCount"],
    attributes["ObjectSize"],
    attributes["StorageClass"],
]
try:
    s3.get_object_attributes(Bucket="py-bucket", Key="big.bin", ObjectAttributes=["Nope"])
    raise AssertionError("no error")
except ClientError as error:
    seen["badAttribute"] = [error.response["Error"]["Code"], error.response["Error"]["Message"]]

s3.copy_object(Bucket="py-bucket", Key="copy.txt", CopySource={"Bucket": "py-bucket", "Key": "dir/a b+c.txt"})
deleted = s3.delete_objects(Bucket="py-bucket", Delete={"Objects": [{"Key": "copy.txt"}, {"Key": "never"}]})
seen["deleted"] = sorted(item["Key"] for item in deleted["Deleted"])

# A presigned URL, fetched as a plain HTTP client would.
url = s3.generate_presigned_url("put_object", Params={"Bucket": "py-bucket", "Key": "presigned.txt"}, ExpiresIn=300)
with urllib.request.urlopen(urllib.request.Request(url, data=b"via url", method="PUT")) as response:
    assert response.status == 200
get_url = s3.generate_presigned_url("get_object", Params={"Bucket": "py-bucket", "Key": "presigned.txt"})
with urllib.request.urlopen(get_url) as response:
    seen["presigned"] = response.read().decode()

# A notification to a queue: the test event, then the record.
queue_url = sqs.create_queue(QueueName="py-s3-events")["QueueUrl"]
queue_arn = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
s3.put_bucket_notification_configuration(
    Bucket="py-bucket",
    NotificationConfiguration={
        "QueueConfigurations": [{"Id": "py", "QueueArn": queue_arn, "Events": ["s3:ObjectCreated:*"]}]
    },
)
configuration = s3.get_bucket_notification_configuration(Bucket="py-bucket")
seen["configurationIds"] = [entry["Id"] for entry in configuration["QueueConfigurations"]]
s3.put_object(Bucket="py-bucket", Key="new @file.txt", Body=b"x")
messages = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10)["Messages"]
bodies = [json.loads(message["Body"]) for message in messages]
seen["events"] = [body.get("Event") or body["Records"][0]["s3"]["object"]["key"] for body in bodies]

# A versioned bucket emptied as test suites do it: ListObjectVersions pages, then DeleteObjects of every version.
s3.create_bucket(Bucket="py-versions")
s3.put_bucket_versioning(Bucket="py-versions", VersioningConfiguration={"Status": "Enabled"})
for index in range(5):
    s3.put_object(Bucket="py-versions", Key="dir/a b+%d" % (index % 2), Body=b"v%d" % index)
s3.delete_object(Bucket="py-versions", Key="dir/a b+0")
versions = s3.list_object_versions(Bucket="py-versions", Prefix="dir/", MaxKeys=4)
assert versions["IsTruncated"], versions
seen["nextKeyMarker"] = versions["NextKeyMarker"]
seen["versionKeys"] = sorted({entry["Key"] for entry in versions["Versions"] + versions.get("DeleteMarkers", [])})
boto3.resource("s3", **common).Bucket("py-versions").object_versions.delete()
left = s3.list_object_versions(Bucket="py-versions")
seen["versionsLeft"] = len(left.get("Versions", [])) + len(left.get("DeleteMarkers", []))
s3.delete_bucket(Bucket="py-versions")

# ACLs (s3.md §1.5): Active Storage's public-read upload meets a bucket with ACLs disabled, as on AWS.
s3.create_bucket(Bucket="py-acl")
try:
    s3.put_object(Bucket="py-acl", Key="k", Body=b"x", ACL="public-read")
    seen["aclRefused"] = None
except ClientError as error:
    seen["aclRefused"] = [error.response["Error"]["Code"], error.response["Error"]["Message"]]
s3.put_object(Bucket="py-acl", Key="k", Body=b"x")
acl = s3.get_object_acl(Bucket="py-acl", Key="k")
seen["aclGrants"] = [[grant["Grantee"]["Type"], grant["Permission"]] for grant in acl["Grants"]]
seen["ownership"] = s3.get_bucket_ownership_controls(Bucket="py-acl")["OwnershipControls"]["Rules"][0]["ObjectOwnership"]
s3.delete_bucket_ownership_controls(Bucket="py-acl")
s3.delete_public_access_block(Bucket="py-acl")
s3.put_bucket_acl(Bucket="py-acl", GrantRead='uri="http://acs.amazonaws.com/groups/s3/LogDelivery"')
seen["bucketGrants"] = [
    [grant["Grantee"].get("URI"), grant["Permission"]] for grant in s3.get_bucket_acl(Bucket="py-acl")["Grants"]
]

print(json.dumps(seen, sort_keys=True))
