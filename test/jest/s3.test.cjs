// S3 under jest, on the built package: the page's CDK pipeline test (docs/guide/s3.md, s3-cdk-jest), read from the
// page and run as written, with the page's stack (s3-cdk-stack) as its `../lib/uploads-stack`, and toHaveObject.
require('sqs-sns-mock/jest');
const { RemovalPolicy, Stack } = require('aws-cdk-lib');
const lambda = require('aws-cdk-lib/aws-lambda');
const { SqsEventSource } = require('aws-cdk-lib/aws-lambda-event-sources');
const s3 = require('aws-cdk-lib/aws-s3');
const s3n = require('aws-cdk-lib/aws-s3-notifications');
const sqs = require('aws-cdk-lib/aws-sqs');
const { CreateBucketCommand, PutObjectCommand, S3Client } = require('@aws-sdk/client-s3');
const { createAwsMock } = require('sqs-sns-mock');
const { docBlock } = require('../support/doc-pages.cjs');

// The page's stack (s3-cdk-stack) as the compiled `lib/uploads-stack.js` would have it.
class UploadsStack extends Stack {
  constructor(scope, id, props) {
    super(scope, id, props);
    this.bucket = new s3.Bucket(this, 'Inbox', { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true });
    this.arrivals = new sqs.Queue(this, 'Arrivals');
    this.bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.SqsDestination(this.arrivals), {
      suffix: '.json',
    });
    this.indexer = new lambda.Function(this, 'Indexer', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {};'),
    });
    this.indexer.addEventSource(new SqsEventSource(this.arrivals));
  }
}

const example = docBlock('docs/guide/s3.md', 's3-cdk-jest');
const pageRequire = (name) => (name === '../lib/uploads-stack' ? { UploadsStack } : require(name));
new Function('require', 'test', 'expect', 'jest', example.code)(pageRequire, test, expect, jest);

test('toHaveObject passes and fails with the bucket and what differs', async () => {
  const aws = createAwsMock();
  const client = new S3Client({ region: 'us-east-1' });
  client.middlewareStack.use(aws.s3);
  await client.send(new CreateBucketCommand({ Bucket: 'uploads' }));
  await client.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'a.json', Body: '{"id":7}' }));
  expect(aws.s3.bucket('uploads')).toHaveObject('a.json', { body: { id: expect.any(Number) } });
  expect(() => expect(aws.s3.bucket('uploads')).toHaveObject('b.json')).toThrow(
    'expected bucket "uploads" to have an object "b.json", but it has one object: "a.json"',
  );
});
