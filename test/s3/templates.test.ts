import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TemplateError } from '../../src/index.js';
import '../../src/matchers/vitest.js';
import { s3Setup } from './support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

const QUEUE_POLICY = {
  Type: 'AWS::SQS::QueuePolicy',
  Properties: {
    Queues: [{ Ref: 'Events' }],
    PolicyDocument: {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Service: 's3.amazonaws.com' },
          Action: 'sqs:SendMessage',
          Resource: { 'Fn::GetAtt': ['Events', 'Arn'] },
          Condition: { ArnLike: { 'aws:SourceArn': 'arn:aws:s3:::upload-bucket' } },
        },
      ],
    },
  },
};

describe('AWS::S3::Bucket (docs/aws-behaviour/s3.md §4.1)', () => {
  it("applies the template's NotificationConfiguration, validated as S3 validates it, and answers its attributes", async () => {
    const { aws, s3, sqs } = s3Setup({ policies: 'enforce' });
    const stack = aws.provision({
      Resources: {
        Events: { Type: 'AWS::SQS::Queue' },
        EventsPolicy: QUEUE_POLICY,
        Uploads: {
          Type: 'AWS::S3::Bucket',
          DependsOn: 'EventsPolicy',
          Properties: {
            BucketName: 'upload-bucket',
            VersioningConfiguration: { Status: 'Enabled' },
            NotificationConfiguration: {
              QueueConfigurations: [
                {
                  Event: 's3:ObjectCreated:*',
                  Queue: { 'Fn::GetAtt': ['Events', 'Arn'] },
                  Filter: { S3Key: { Rules: [{ Name: 'suffix', Value: '.csv' }] } },
                },
              ],
            },
          },
        },
      },
      Outputs: {
        Arn: { Value: { 'Fn::GetAtt': ['Uploads', 'Arn'] } },
        Domain: { Value: { 'Fn::GetAtt': ['Uploads', 'RegionalDomainName'] } },
      },
    });
    expect(stack.ref('Uploads')).toBe('upload-bucket');
    expect(stack.outputs).toEqual({
      Arn: 'arn:aws:s3:::upload-bucket',
      Domain: 'upload-bucket.s3.us-east-1.amazonaws.com',
    });
    await s3.send(new PutObjectCommand({ Bucket: 'upload-bucket', Key: 'a.csv', Body: 'x' }));
    await s3.send(new PutObjectCommand({ Bucket: 'upload-bucket', Key: 'a.txt', Body: 'x' }));
    await aws.runUntilIdle({ advance });
    const queue = stack.queue('Events');
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queue.url, MaxNumberOfMessages: 10 }),
    );
    const events = Messages.map((message) => JSON.parse(message.Body!)).filter((body) => body.Records);
    expect(events.map((body) => body.Records[0].s3.object.key)).toEqual(['a.csv']);
    expect(events[0].Records[0].s3.object.versionId).toEqual(expect.any(String));
  });

  it('fails the stack, as CloudFormation does, when the queue policy does not let S3 in', () => {
    const { aws } = s3Setup({ policies: 'enforce' });
    const provision = () =>
      aws.provision({
        Resources: {
          Events: { Type: 'AWS::SQS::Queue' },
          Uploads: {
            Type: 'AWS::S3::Bucket',
            Properties: {
              NotificationConfiguration: {
                QueueConfigurations: [{ Event: 's3:ObjectCreated:*', Queue: { 'Fn::GetAtt': ['Events', 'Arn'] } }],
              },
            },
          },
        },
      });
    expect(provision).toThrow(TemplateError);
    expect(provision).toThrow(
      /Uploads \(AWS::S3::Bucket\): Unable to validate the following destination configurations/,
    );
    expect(aws.s3.buckets()).toEqual([]);
  });

  it('makes a name from the lower-cased stack name when none is given; stores a bucket policy', () => {
    const { aws } = s3Setup();
    const stack = aws.provision(
      {
        Resources: {
          Data: { Type: 'AWS::S3::Bucket' },
          DataPolicy: {
            Type: 'AWS::S3::BucketPolicy',
            Properties: {
              Bucket: { Ref: 'Data' },
              PolicyDocument: {
                Version: '2012-10-17',
                Statement: [{ Effect: 'Deny', Principal: '*', Action: 's3:*' }],
              },
            },
          },
        },
      },
      { stackName: 'Orders-Stack' },
    );
    const name = stack.ref('Data');
    expect(name).toMatch(/^orders-stack-data-[a-z0-9]+$/);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(aws.s3.bucket(name).name).toBe(name);
    expect(stack.skipped).toEqual([]);
  });
});

describe("SAM's S3 event (docs/aws-behaviour/templates.md §5.4)", () => {
  it('adds the permission and writes the function into the bucket it names', async () => {
    const { aws, s3 } = s3Setup({ policies: 'enforce' });
    const seen: string[] = [];
    aws.provision(
      {
        Transform: 'AWS::Serverless-2016-10-31',
        Resources: {
          Photos: { Type: 'AWS::S3::Bucket', Properties: { BucketName: 'photos-sam' } },
          Thumbnailer: {
            Type: 'AWS::Serverless::Function',
            Properties: {
              Handler: 'index.handler',
              Runtime: 'nodejs22.x',
              CodeUri: 'src/',
              Events: {
                Uploaded: {
                  Type: 'S3',
                  Properties: {
                    Bucket: { Ref: 'Photos' },
                    Events: 's3:ObjectCreated:*',
                    Filter: { S3Key: { Rules: [{ Name: 'prefix', Value: 'in/' }] } },
                  },
                },
              },
            },
          },
        },
      },
      {
        functions: {
          Thumbnailer: async (event: { Records: { s3: { object: { key: string } } }[] }) =>
            void seen.push(event.Records[0]!.s3.object.key),
        },
      },
    );
    await s3.send(new PutObjectCommand({ Bucket: 'photos-sam', Key: 'in/cat.jpg', Body: 'x' }));
    await s3.send(new PutObjectCommand({ Bucket: 'photos-sam', Key: 'out/cat.jpg', Body: 'x' }));
    await aws.runUntilIdle({ advance });
    expect(seen).toEqual(['in/cat.jpg']);
  });

  it('refuses an S3 event whose Bucket is not a bucket of the template', () => {
    const { aws } = s3Setup();
    expect(() =>
      aws.provision(
        {
          Transform: 'AWS::Serverless-2016-10-31',
          Resources: {
            Fn: {
              Type: 'AWS::Serverless::Function',
              Properties: {
                Handler: 'index.handler',
                Runtime: 'nodejs22.x',
                CodeUri: 'src/',
                Events: { Up: { Type: 'S3', Properties: { Bucket: 'some-bucket', Events: 's3:ObjectCreated:*' } } },
              },
            },
          },
        },
        { functions: { Fn: async () => undefined } },
      ),
    ).toThrow(
      'Resource with id [Fn] is invalid. Event with id [Up] is invalid. S3 events must reference an S3 bucket in the same template.',
    );
  });
});

describe('AWS::S3::Bucket ownership and ACL (docs/aws-behaviour/s3.md §4.1, §1.5)', () => {
  it('an AccessControl without OwnershipControls fails the stack with InvalidBucketAclWithObjectOwnership', () => {
    const { aws } = s3Setup();
    const provision = () =>
      aws.provision({
        Resources: { Logs: { Type: 'AWS::S3::Bucket', Properties: { AccessControl: 'LogDeliveryWrite' } } },
      });
    expect(provision).toThrow(TemplateError);
    expect(provision).toThrow(/Bucket cannot have ACLs set with ObjectOwnership's BucketOwnerEnforced setting/);
    expect(aws.s3.buckets()).toEqual([]);
  });

  it("CDK's ObjectWriter with an ACL makes a bucket that takes ACLs; a public one needs the template's block off", async () => {
    const { aws, s3 } = s3Setup();
    aws.provision({
      Resources: {
        Logs: {
          Type: 'AWS::S3::Bucket',
          Properties: {
            BucketName: 'logs-bucket',
            AccessControl: 'LogDeliveryWrite',
            OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
          },
        },
        Site: {
          Type: 'AWS::S3::Bucket',
          Properties: {
            BucketName: 'site-bucket',
            AccessControl: 'PublicRead',
            OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
            PublicAccessBlockConfiguration: { BlockPublicAcls: false, IgnorePublicAcls: false },
          },
        },
      },
    });
    await s3.send(new PutObjectCommand({ Bucket: 'site-bucket', Key: 'index.html', Body: 'x', ACL: 'public-read' }));
    const blocked = () =>
      aws.provision(
        {
          Resources: {
            Site: {
              Type: 'AWS::S3::Bucket',
              Properties: {
                BucketName: 'blocked-site',
                AccessControl: 'PublicRead',
                OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
              },
            },
          },
        },
        { stackName: 'blocked-stack' },
      );
    expect(blocked).toThrow(/Bucket cannot have public ACLs set with BlockPublicAccess enabled/);
  });
});
