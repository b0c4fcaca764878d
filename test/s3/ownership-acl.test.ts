import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketOwnershipControlsCommand,
  DeleteObjectCommand,
  DeletePublicAccessBlockCommand,
  GetBucketAclCommand,
  GetBucketOwnershipControlsCommand,
  GetObjectAclCommand,
  GetPublicAccessBlockCommand,
  ListBucketsCommand,
  NoSuchKey,
  PutBucketAclCommand,
  PutBucketOwnershipControlsCommand,
  PutBucketVersioningCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  PutPublicAccessBlockCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { s3Setup } from './support.js';

const ALL_USERS = 'http://acs.amazonaws.com/groups/global/AllUsers';
const LOG_DELIVERY = 'http://acs.amazonaws.com/groups/s3/LogDelivery';

async function ownerIdOf(s3: S3Client): Promise<string> {
  return (await s3.send(new ListBucketsCommand({}))).Owner!.ID!;
}

/** A bucket whose ACLs are on and whose public ACLs are not blocked: LocalStack's `allow_bucket_acl` (§1.5). */
async function aclBucket(s3: S3Client, name = 'acl-bucket'): Promise<string> {
  await s3.send(new CreateBucketCommand({ Bucket: name }));
  await s3.send(new DeleteBucketOwnershipControlsCommand({ Bucket: name }));
  await s3.send(new DeletePublicAccessBlockCommand({ Bucket: name }));
  return name;
}

const ownerFullControl = (id: string) => ({ Grantee: { ID: id, Type: 'CanonicalUser' }, Permission: 'FULL_CONTROL' });

describe('Object Ownership (s3.md §1.5)', () => {
  it('a new bucket is BucketOwnerEnforced; put, get, delete, and what Get answers after the delete', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    const rules = async () =>
      (await s3.send(new GetBucketOwnershipControlsCommand({ Bucket: 'bkt' }))).OwnershipControls;
    expect(await rules()).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
    const put = await s3.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: 'bkt',
        OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
      }),
    );
    expect(put.$metadata.httpStatusCode).toBe(200);
    expect(await rules()).toEqual({ Rules: [{ ObjectOwnership: 'ObjectWriter' }] });
    const deleted = await s3.send(new DeleteBucketOwnershipControlsCommand({ Bucket: 'bkt' }));
    expect(deleted.$metadata.httpStatusCode).toBe(204);
    const error = await rejectionOf(s3.send(new GetBucketOwnershipControlsCommand({ Bucket: 'bkt' })));
    expect(error.name).toBe('OwnershipControlsNotFoundError');
    expect(error.message).toBe('The bucket ownership controls were not found');
    expect(error['BucketName']).toBe('bkt');
    expect(error['$metadata']).toMatchObject({ httpStatusCode: 404 });
    // Deleting again is fine.
    expect((await s3.send(new DeleteBucketOwnershipControlsCommand({ Bucket: 'bkt' }))).$metadata.httpStatusCode).toBe(
      204,
    );
  });

  it("CreateBucket's ObjectOwnership sets it; a value that is none is InvalidArgument naming the header", async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt', ObjectOwnership: 'BucketOwnerPreferred' }));
    const got = await s3.send(new GetBucketOwnershipControlsCommand({ Bucket: 'bkt' }));
    expect(got.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] });
    for (const value of ['RandomValue', '']) {
      const error = await rejectionOf(
        s3.send(new CreateBucketCommand({ Bucket: 'bkc', ObjectOwnership: value as never })),
      );
      expect(error.name).toBe('InvalidArgument');
      expect(error.message).toBe(`Invalid x-amz-object-ownership header: ${value}`);
      expect(error['ArgumentName']).toBe('x-amz-object-ownership');
    }
  });

  it('PutBucketOwnershipControls takes exactly one known rule, else MalformedXML', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    for (const Rules of [
      [{ ObjectOwnership: 'BucketOwnerPreferred' }, { ObjectOwnership: 'ObjectWriter' }],
      [{ ObjectOwnership: 'RandomValue' }],
      [],
    ]) {
      const error = await rejectionOf(
        s3.send(new PutBucketOwnershipControlsCommand({ Bucket: 'bkt', OwnershipControls: { Rules: Rules as never } })),
      );
      expect(error.name).toBe('MalformedXML');
      expect(error.message).toBe(
        'The XML you provided was not well-formed or did not validate against our published schema',
      );
    }
  });

  it('enforcing on a bucket whose ACL grants others is InvalidBucketAclWithObjectOwnership', async () => {
    const { s3 } = s3Setup();
    const bucket = await aclBucket(s3);
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'public-read' }));
    const error = await rejectionOf(
      s3.send(
        new PutBucketOwnershipControlsCommand({
          Bucket: bucket,
          OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        }),
      ),
    );
    expect(error.name).toBe('InvalidBucketAclWithObjectOwnership');
    expect(error.message).toBe("Bucket cannot have ACLs set with ObjectOwnership's BucketOwnerEnforced setting");
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'private' }));
    await s3.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: bucket,
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      }),
    );
  });
});

describe('ACLs on a bucket with ACLs disabled (the default)', () => {
  it('PutObject with public-read is AccessControlListNotSupported, as in production; nothing is stored', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    const error = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', ACL: 'public-read' })),
    );
    expect(error.name).toBe('AccessControlListNotSupported');
    expect(error.message).toBe('The bucket does not allow ACLs');
    expect(error['$metadata']).toMatchObject({ httpStatusCode: 400 });
    const read = await rejectionOf(s3.send(new GetObjectAclCommand({ Bucket: 'bkt', Key: 'k' })));
    expect(read.name).toBe('NoSuchKey');
  });

  it('every request that sets another ACL is refused: grants, copies, multipart uploads, Put*Acl', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x' }));
    const id = await ownerIdOf(s3);
    const refused = [
      new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', GrantRead: `uri="${ALL_USERS}"` }),
      new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', ACL: 'authenticated-read' }),
      new CopyObjectCommand({ Bucket: 'bkt', Key: 'copy', CopySource: 'bkt/k', ACL: 'public-read' }),
      new CreateMultipartUploadCommand({ Bucket: 'bkt', Key: 'm', ACL: 'public-read-write' }),
      new PutObjectAclCommand({ Bucket: 'bkt', Key: 'k', ACL: 'public-read' }),
      new PutObjectAclCommand({ Bucket: 'bkt', Key: 'k', GrantRead: `uri="${LOG_DELIVERY}"` }),
      new PutBucketAclCommand({ Bucket: 'bkt', ACL: 'private' }),
      new PutBucketAclCommand({ Bucket: 'bkt', ACL: 'log-delivery-write' as never }),
      new PutBucketAclCommand({
        Bucket: 'bkt',
        AccessControlPolicy: {
          Owner: { ID: id },
          Grants: [ownerFullControl(id), { Grantee: { Type: 'Group', URI: LOG_DELIVERY }, Permission: 'WRITE' }],
        } as never,
      }),
    ];
    for (const command of refused) {
      const error = await rejectionOf(s3.send(command as never));
      expect(error.name, command.constructor.name).toBe('AccessControlListNotSupported');
    }
  });

  it('takes bucket-owner-full-control, an object ACL of private, and grants to the owner alone', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    const id = await ownerIdOf(s3);
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', ACL: 'bucket-owner-full-control' }));
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'p', Body: 'x', ACL: 'private' }));
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'g', Body: 'x', GrantFullControl: `id="${id}"` }));
    await s3.send(
      new CopyObjectCommand({ Bucket: 'bkt', Key: 'c', CopySource: 'bkt/k', ACL: 'bucket-owner-full-control' }),
    );
    await s3.send(new PutObjectAclCommand({ Bucket: 'bkt', Key: 'k', ACL: 'bucket-owner-full-control' }));
    await s3.send(new PutBucketAclCommand({ Bucket: 'bkt', ACL: 'bucket-owner-full-control' as never }));
    await s3.send(
      new PutBucketAclCommand({
        Bucket: 'bkt',
        AccessControlPolicy: { Owner: { ID: id }, Grants: [ownerFullControl(id)] } as never,
      }),
    );
  });

  it("reads show the owner's full control alone, the Owner by its ID", async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x' }));
    const id = await ownerIdOf(s3);
    for (const answer of [
      await s3.send(new GetBucketAclCommand({ Bucket: 'bkt' })),
      await s3.send(new GetObjectAclCommand({ Bucket: 'bkt', Key: 'k' })),
    ]) {
      expect(answer.Owner).toEqual({ ID: id });
      expect(answer.Grants).toEqual([ownerFullControl(id)]);
    }
    expect(id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the request is checked before the bucket: a canned ACL that is none, bad grants, two kinds at once', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x' }));
    const fake = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', ACL: 'fake-acl' as never })),
    );
    expect(fake).toMatchObject({ name: 'InvalidArgument', ArgumentName: 'x-amz-acl', ArgumentValue: 'fake-acl' });
    const cases: [object, Record<string, string>][] = [
      [
        { GrantWrite: 'uri="http://acs.amazonaws.com/groups/s3/FakeGroup"' },
        {
          name: 'InvalidArgument',
          message: 'Invalid group uri',
          ArgumentName: 'uri',
          ArgumentValue: 'http://acs.amazonaws.com/groups/s3/FakeGroup',
        },
      ],
      [
        { GrantWrite: 'fakekey="1234"' },
        {
          name: 'InvalidArgument',
          message: 'Argument format not recognized',
          ArgumentName: 'x-amz-grant-write',
          ArgumentValue: 'fakekey="1234"',
        },
      ],
      [
        { GrantWrite: 'id="wrong-id"' },
        { name: 'InvalidArgument', message: 'Invalid id', ArgumentName: 'id', ArgumentValue: 'wrong-id' },
      ],
      [
        { ACL: 'private', GrantRead: `uri="${LOG_DELIVERY}"` },
        { name: 'InvalidRequest', message: 'Specifying both Canned ACLs and Header Grants is not allowed' },
      ],
      [{}, { name: 'MissingSecurityHeader', message: 'Your request was missing a required header' }],
    ];
    for (const [members, expected] of cases) {
      expect(await rejectionOf(s3.send(new PutBucketAclCommand({ Bucket: 'bkt', ...members })))).toMatchObject(
        expected,
      );
      expect(
        await rejectionOf(s3.send(new PutObjectAclCommand({ Bucket: 'bkt', Key: 'k', ...members }))),
      ).toMatchObject(expected);
    }
    const missing = await rejectionOf(s3.send(new PutBucketAclCommand({ Bucket: 'bkt' })));
    expect(missing['MissingHeaderName']).toBe('x-amz-acl');
  });

  it('an AccessControlPolicy is checked as S3 checks it (MalformedACLError, then the ids and groups)', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    const id = await ownerIdOf(s3);
    const group = (uri: string, Permission = 'WRITE') => ({ Grantee: { Type: 'Group', URI: uri }, Permission });
    const policies: [unknown, Record<string, string>][] = [
      [{ Grants: [group(LOG_DELIVERY)] }, { name: 'MalformedACLError' }],
      [{ Owner: { ID: id }, Grants: [group(LOG_DELIVERY, 'WRONG-PERMISSION')] }, { name: 'MalformedACLError' }],
      [{}, { name: 'MalformedACLError' }],
      [
        { Owner: { ID: 'wrong-id' }, Grants: [group(LOG_DELIVERY, 'FULL_CONTROL')] },
        { name: 'InvalidArgument', message: 'Invalid id', ArgumentName: 'CanonicalUser/ID', ArgumentValue: 'wrong-id' },
      ],
      [
        { Owner: { ID: id }, Grants: [group('http://acs.amazonaws.com/groups/s3/FakeGroup')] },
        { name: 'InvalidArgument', message: 'Invalid group uri', ArgumentName: 'Group/URI' },
      ],
      [
        { Owner: { ID: id }, Grants: [{ Grantee: { Type: 'CanonicalUser', ID: 'wrong-id' }, Permission: 'WRITE' }] },
        { name: 'InvalidArgument', message: 'Invalid id', ArgumentName: 'CanonicalUser/ID' },
      ],
    ];
    for (const [policy, expected] of policies) {
      const error = await rejectionOf(
        s3.send(new PutBucketAclCommand({ Bucket: 'bkt', AccessControlPolicy: policy as never })),
      );
      expect(error).toMatchObject(expected);
    }
    const both = await rejectionOf(
      s3.send(
        new PutBucketAclCommand({
          Bucket: 'bkt',
          ACL: 'private',
          AccessControlPolicy: { Owner: { ID: id }, Grants: [ownerFullControl(id)] } as never,
        }),
      ),
    );
    expect(both).toMatchObject({ name: 'UnexpectedContent', message: 'This request does not support content' });
  });
});

describe('CreateBucket with an ACL', () => {
  it('a non-default ACL without ObjectOwnership is InvalidBucketAclWithObjectOwnership', async () => {
    const { s3 } = s3Setup();
    for (const input of [
      { ACL: 'public-read' },
      { ACL: 'log-delivery-write' },
      { ACL: 'public-read', ObjectOwnership: 'BucketOwnerEnforced' },
      { GrantRead: `uri="${LOG_DELIVERY}"` },
    ]) {
      const error = await rejectionOf(s3.send(new CreateBucketCommand({ Bucket: 'bkt', ...(input as object) })));
      expect(error.name).toBe('InvalidBucketAclWithObjectOwnership');
      expect(error['$metadata']).toMatchObject({ httpStatusCode: 400 });
    }
  });

  it('with ACLs on, a public ACL meets Block Public Access: InvalidBucketAclWithBlockPublicAccessError', async () => {
    const { s3 } = s3Setup();
    const error = await rejectionOf(
      s3.send(new CreateBucketCommand({ Bucket: 'bkt', ObjectOwnership: 'ObjectWriter', ACL: 'public-read' })),
    );
    expect(error.name).toBe('InvalidBucketAclWithBlockPublicAccessError');
    expect(error.message).toBe('Bucket cannot have public ACLs set with BlockPublicAccess enabled');
    await s3.send(
      new CreateBucketCommand({ Bucket: 'bkt', ObjectOwnership: 'ObjectWriter', ACL: 'log-delivery-write' as never }),
    );
    const id = await ownerIdOf(s3);
    expect((await s3.send(new GetBucketAclCommand({ Bucket: 'bkt' }))).Grants).toEqual([
      ownerFullControl(id),
      { Grantee: { Type: 'Group', URI: LOG_DELIVERY }, Permission: 'WRITE' },
      { Grantee: { Type: 'Group', URI: LOG_DELIVERY }, Permission: 'READ_ACP' },
    ]);
  });

  it('private is taken: with BucketOwnerEnforced it stays enforced; alone the bucket is BucketOwnerPreferred', async () => {
    const { s3 } = s3Setup();
    await s3.send(
      new CreateBucketCommand({ Bucket: 'enforced', ACL: 'private', ObjectOwnership: 'BucketOwnerEnforced' }),
    );
    await s3.send(new CreateBucketCommand({ Bucket: 'preferred', ACL: 'private' }));
    const ownership = async (Bucket: string) =>
      (await s3.send(new GetBucketOwnershipControlsCommand({ Bucket }))).OwnershipControls!.Rules![0]!.ObjectOwnership;
    expect(await ownership('enforced')).toBe('BucketOwnerEnforced');
    expect(await ownership('preferred')).toBe('BucketOwnerPreferred');
  });
});

describe('ACLs on a bucket that takes them', () => {
  it('Block Public Access (on for every new bucket) refuses a public ACL with AccessDenied', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt', ObjectOwnership: 'ObjectWriter' }));
    expect((await s3.send(new GetPublicAccessBlockCommand({ Bucket: 'bkt' }))).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      IgnorePublicAcls: true,
      BlockPublicPolicy: true,
      RestrictPublicBuckets: true,
    });
    for (const command of [
      new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', ACL: 'public-read' }),
      new PutBucketAclCommand({ Bucket: 'bkt', ACL: 'authenticated-read' }),
    ]) {
      const error = await rejectionOf(s3.send(command as never));
      expect(error).toMatchObject({ name: 'AccessDenied', message: 'Access Denied' });
      expect(error['$metadata']).toMatchObject({ httpStatusCode: 403 });
    }
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', ACL: 'aws-exec-read' }));
  });

  it('Put/Get/DeletePublicAccessBlock: a setting left out is false; after the delete NoSuchPublicAccessBlockConfiguration', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    await s3.send(
      new PutPublicAccessBlockCommand({
        Bucket: 'bkt',
        PublicAccessBlockConfiguration: { BlockPublicAcls: false, IgnorePublicAcls: false, BlockPublicPolicy: false },
      }),
    );
    expect((await s3.send(new GetPublicAccessBlockCommand({ Bucket: 'bkt' }))).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: false,
      IgnorePublicAcls: false,
      BlockPublicPolicy: false,
      RestrictPublicBuckets: false,
    });
    expect((await s3.send(new DeletePublicAccessBlockCommand({ Bucket: 'bkt' }))).$metadata.httpStatusCode).toBe(204);
    const error = await rejectionOf(s3.send(new GetPublicAccessBlockCommand({ Bucket: 'bkt' })));
    expect(error).toMatchObject({
      name: 'NoSuchPublicAccessBlockConfiguration',
      message: 'The public access block configuration was not found',
      BucketName: 'bkt',
    });
    expect((await s3.send(new DeletePublicAccessBlockCommand({ Bucket: 'bkt' }))).$metadata.httpStatusCode).toBe(204);
  });

  it('answers the grants of the canned ACL, the header grants or the policy set last', async () => {
    const { s3 } = s3Setup();
    const bucket = await aclBucket(s3);
    const id = await ownerIdOf(s3);
    const bucketGrants = async () => (await s3.send(new GetBucketAclCommand({ Bucket: bucket }))).Grants;
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'public-read' }));
    expect(await bucketGrants()).toEqual([
      ownerFullControl(id),
      { Grantee: { Type: 'Group', URI: ALL_USERS }, Permission: 'READ' },
    ]);
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'private' }));
    expect(await bucketGrants()).toEqual([ownerFullControl(id)]);
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, GrantRead: `uri="${LOG_DELIVERY}"` }));
    expect(await bucketGrants()).toEqual([{ Grantee: { Type: 'Group', URI: LOG_DELIVERY }, Permission: 'READ' }]);
    const policy = {
      Owner: { ID: id },
      Grants: [ownerFullControl(id), { Grantee: { Type: 'Group', URI: LOG_DELIVERY }, Permission: 'WRITE' }],
    };
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, AccessControlPolicy: policy as never }));
    expect(await bucketGrants()).toEqual(policy.Grants);
  });

  it("an object's ACL: private by default, the request's on a put, a copy and a multipart upload", async () => {
    const { s3 } = s3Setup();
    const bucket = await aclBucket(s3);
    const id = await ownerIdOf(s3);
    const objectGrants = async (Key: string) =>
      (await s3.send(new GetObjectAclCommand({ Bucket: bucket, Key }))).Grants;
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'public-read' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'plain', Body: 'x' }));
    // An object does not inherit its bucket's ACL.
    expect(await objectGrants('plain')).toEqual([ownerFullControl(id)]);
    await s3.send(new PutObjectAclCommand({ Bucket: bucket, Key: 'plain', ACL: 'public-read' }));
    expect(await objectGrants('plain')).toEqual([
      ownerFullControl(id),
      { Grantee: { Type: 'Group', URI: ALL_USERS }, Permission: 'READ' },
    ]);
    // A copy takes the request's ACL, not the source's.
    await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'copy', CopySource: `${bucket}/plain` }));
    expect(await objectGrants('copy')).toEqual([ownerFullControl(id)]);
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'multi', ACL: 'public-read-write' }),
    );
    const part = await s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: 'multi', UploadId, PartNumber: 1, Body: 'x' }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'multi',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag, ChecksumCRC32: part.ChecksumCRC32 }] },
      }),
    );
    expect(await objectGrants('multi')).toEqual([
      ownerFullControl(id),
      { Grantee: { Type: 'Group', URI: ALL_USERS }, Permission: 'READ' },
      { Grantee: { Type: 'Group', URI: ALL_USERS }, Permission: 'WRITE' },
    ]);
    // Disabling ACLs hides them: every read is the owner's full control again.
    await s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'private' }));
    await s3.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: bucket,
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      }),
    );
    expect(await objectGrants('multi')).toEqual([ownerFullControl(id)]);
  });

  it('a copy onto itself with only an ACL is still the illegal copy', async () => {
    const { s3 } = s3Setup();
    const bucket = await aclBucket(s3);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'x' }));
    const error = await rejectionOf(
      s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'k', CopySource: `${bucket}/k`, ACL: 'public-read' })),
    );
    expect(error.name).toBe('InvalidRequest');
    expect(error.message).toContain('This copy request is illegal');
  });

  it('a delete marker: PutObjectAcl is MethodNotAllowed (PUT); GetObjectAcl NoSuchKey, or MethodNotAllowed by its id', async () => {
    const { s3 } = s3Setup();
    const bucket = await aclBucket(s3);
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'x' }));
    const { VersionId } = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }));
    for (const versionId of [undefined, VersionId]) {
      const put = await rejectionOf(
        s3.send(new PutObjectAclCommand({ Bucket: bucket, Key: 'k', VersionId: versionId, ACL: 'public-read' })),
      );
      expect(put).toMatchObject({ name: 'MethodNotAllowed', Method: 'PUT', ResourceType: 'DeleteMarker' });
    }
    expect((await rejectionOf(s3.send(new GetObjectAclCommand({ Bucket: bucket, Key: 'k' })))).name).toBe('NoSuchKey');
    const byId = await rejectionOf(s3.send(new GetObjectAclCommand({ Bucket: bucket, Key: 'k', VersionId })));
    expect(byId).toMatchObject({ name: 'MethodNotAllowed', Method: 'GET', ResourceType: 'DeleteMarker' });
  });

  it('GetObjectAcl of a missing bucket or key: NoSuchBucket, NoSuchKey', async () => {
    const { s3 } = s3Setup();
    expect((await rejectionOf(s3.send(new GetObjectAclCommand({ Bucket: 'none', Key: 'k' })))).name).toBe(
      'NoSuchBucket',
    );
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    const error = await rejectionOf(s3.send(new GetObjectAclCommand({ Bucket: 'bkt', Key: 'k' })));
    expect(error).toMatchObject({ name: 'NoSuchKey', Key: 'k' });
    // The model lists NoSuchKey for GetObjectAcl: its class, in every SDK of the range (s3.md §5.2).
    expect(error).toBeInstanceOf(NoSuchKey);
  });
});
