import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  ListObjectsCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { Bucket } from '../../src/services/s3/bucket.js';
import { listPage } from '../../src/services/s3/listing.js';
import type { ObjectVersion } from '../../src/services/s3/object.js';
import { rejectionOf } from '../helpers.js';
import { s3Setup } from './support.js';
import { s3Sdk } from '../support/sdk-capabilities.js';

const VERSION: ObjectVersion = {
  key: '',
  versionId: 'null',
  deleteMarker: false,
  body: Buffer.alloc(0),
  etag: '"d41d8cd98f00b204e9800998ecf8427e"',
  lastModified: 0,
  headers: { ContentType: 'binary/octet-stream' },
  metadata: {},
  storageClass: 'STANDARD',
  tags: [],
  checksum: undefined,
};

async function versionedBucket(status: 'Enabled' | 'never' = 'Enabled') {
  const setup = s3Setup();
  await setup.s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  if (status === 'Enabled')
    await setup.s3.send(new PutBucketVersioningCommand({ Bucket: 'bkt', VersioningConfiguration: { Status: status } }));
  return setup;
}

async function put(s3: S3Client, key: string, body = 'version 1'): Promise<string> {
  return (await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: key, Body: body }))).VersionId!;
}

async function remove(s3: S3Client, key: string): Promise<string> {
  return (await s3.send(new DeleteObjectCommand({ Bucket: 'bkt', Key: key }))).VersionId!;
}

/** The recording's set-up (docs/aws-behaviour/s3.md §2.12): three keys, a second version, markers, new versions. */
async function recordedBucket() {
  const setup = await versionedBucket();
  const { s3 } = setup;
  const ids: string[] = [];
  for (const key of ['test_0', 'test_1', 'test_2']) ids.push(await put(s3, key));
  ids.push(await put(s3, 'test_2', 'version 2'));
  for (const key of ['test_0', 'test_1', 'test_2']) ids.push(await remove(s3, key));
  for (const key of ['test_0', 'test_1']) ids.push(await put(s3, key, 'version 2'));
  // ids[0..8] are the recording's <version-id:1..9>.
  return { ...setup, ids };
}

const ids = (entries: readonly { Key?: string; VersionId?: string }[] | undefined) =>
  (entries ?? []).map((entry) => `${entry.Key}@${entry.VersionId}`);

describe('ListObjectVersions (docs/aws-behaviour/s3.md §2.12)', () => {
  it('lists keys ascending, versions newest first, delete markers apart, with IsLatest', async () => {
    const { s3, aws, ids: v } = await recordedBucket();
    const all = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', EncodingType: 'url' }));
    expect(ids(all.Versions)).toEqual([
      `test_0@${v[7]}`,
      `test_0@${v[0]}`,
      `test_1@${v[8]}`,
      `test_1@${v[1]}`,
      `test_2@${v[3]}`,
      `test_2@${v[2]}`,
    ]);
    expect(all.Versions!.map((version) => version.IsLatest)).toEqual([true, false, true, false, false, false]);
    expect(ids(all.DeleteMarkers)).toEqual([`test_0@${v[4]}`, `test_1@${v[5]}`, `test_2@${v[6]}`]);
    expect(all.DeleteMarkers!.map((marker) => marker.IsLatest)).toEqual([false, false, true]);
    expect(all).toMatchObject({
      IsTruncated: false,
      KeyMarker: '',
      VersionIdMarker: '',
      MaxKeys: 1000,
      Name: 'bkt',
      Prefix: '',
      EncodingType: 'url',
    });
    expect(all.Versions![0]).toEqual({
      ETag: '"d4ca1ed7571e2e7b1f1c375bd50fa220"',
      // The CRC32 the SDK adds by default (s3.md §5.4), else the CRC64NVME S3 works out (§2.11); its type where the
      // client's model has the member.
      ChecksumAlgorithm: [s3Sdk.defaultChecksums ? 'CRC32' : 'CRC64NVME'],
      ...(s3Sdk.checksumType ? { ChecksumType: 'FULL_OBJECT' } : {}),
      Size: 9,
      StorageClass: 'STANDARD',
      Key: 'test_0',
      VersionId: v[7],
      IsLatest: true,
      LastModified: expect.any(Date),
      Owner: { ID: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(all.DeleteMarkers![0]).toEqual({
      Key: 'test_0',
      VersionId: v[4],
      IsLatest: false,
      LastModified: expect.any(Date),
      Owner: { ID: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  it('pages by MaxKeys over versions and markers in one order, then by KeyMarker and VersionIdMarker', async () => {
    const { s3, ids: v } = await recordedBucket();
    const five = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', MaxKeys: 5 }));
    expect(ids(five.Versions)).toEqual([`test_0@${v[7]}`, `test_0@${v[0]}`, `test_1@${v[8]}`]);
    expect(ids(five.DeleteMarkers)).toEqual([`test_0@${v[4]}`, `test_1@${v[5]}`]);
    expect(five).toMatchObject({ IsTruncated: true, NextKeyMarker: 'test_1', NextVersionIdMarker: v[5] });

    // A key marker alone starts after every version of that key.
    const keyOnly = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', MaxKeys: 1, KeyMarker: 'test_1' }));
    expect(ids(keyOnly.DeleteMarkers)).toEqual([`test_2@${v[6]}`]);
    expect(keyOnly.Versions).toBeUndefined();
    expect(keyOnly).toMatchObject({ IsTruncated: true, NextKeyMarker: 'test_2', NextVersionIdMarker: v[6] });

    const last = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', MaxKeys: 1, KeyMarker: 'test_2' }));
    expect(last).toMatchObject({ IsTruncated: false, KeyMarker: 'test_2', VersionIdMarker: '' });
    expect(last.Versions).toBeUndefined();
    expect(last.NextKeyMarker).toBeUndefined();

    const both = await s3.send(
      new ListObjectVersionsCommand({ Bucket: 'bkt', MaxKeys: 1, KeyMarker: 'test_1', VersionIdMarker: v[5] }),
    );
    expect(ids(both.Versions)).toEqual([`test_1@${v[1]}`]);
    expect(both).toMatchObject({ IsTruncated: true, NextKeyMarker: 'test_1', NextVersionIdMarker: v[1] });

    const lastVersion = await s3.send(
      new ListObjectVersionsCommand({ Bucket: 'bkt', MaxKeys: 1, KeyMarker: 'test_2', VersionIdMarker: v[3] }),
    );
    expect(ids(lastVersion.Versions)).toEqual([`test_2@${v[2]}`]);
    expect(lastVersion.IsTruncated).toBe(false);

    const emptyMarker = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', MaxKeys: 1, KeyMarker: '' }));
    expect(ids(emptyMarker.Versions)).toEqual([`test_0@${v[7]}`]);
    expect(emptyMarker).toMatchObject({ NextKeyMarker: 'test_0', NextVersionIdMarker: v[7] });
  });

  it('refuses a version-id marker without a key marker', async () => {
    const { s3, ids: v } = await recordedBucket();
    const error = await rejectionOf(
      s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', MaxKeys: 1, VersionIdMarker: v[5] })),
    );
    expect(error).toMatchObject({
      name: 'InvalidArgument',
      message: 'A version-id marker cannot be specified without a key marker.',
      ArgumentName: 'version-id-marker',
      ArgumentValue: v[5],
      $metadata: { httpStatusCode: 400 },
    });
    const encoding = await rejectionOf(
      s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', EncodingType: 'value' as 'url' })),
    );
    expect(encoding).toMatchObject({
      name: 'InvalidArgument',
      message: 'Invalid Encoding Method specified in Request',
    });
  });

  it('rolls keys up into common prefixes, each one entry, and a marker inside one skips it whole', async () => {
    const { s3 } = await versionedBucket();
    for (const key of ['folder/aSubfolder/subFile1', 'folder/aSubfolder/subFile2', 'folder/file1', 'folder/file2'])
      await put(s3, key, 'content 123');
    const page = (KeyMarker?: string) =>
      s3.send(
        new ListObjectVersionsCommand({ Bucket: 'bkt', Prefix: 'folder/', Delimiter: '/', MaxKeys: 1, KeyMarker }),
      );
    const start = await page();
    expect(start.CommonPrefixes).toEqual([{ Prefix: 'folder/aSubfolder/' }]);
    expect(start).toMatchObject({ IsTruncated: true, NextKeyMarker: 'folder/aSubfolder/', Delimiter: '/' });
    expect(start.NextVersionIdMarker).toBeUndefined();
    const next = await page(start.NextKeyMarker);
    expect(ids(next.Versions)).toEqual([`folder/file1@${next.Versions![0]!.VersionId}`]);
    expect(next).toMatchObject({ IsTruncated: true, NextKeyMarker: 'folder/file1' });
    const end = await page(next.NextKeyMarker);
    expect(end.Versions!.map((version) => version.Key)).toEqual(['folder/file2']);
    expect(end.IsTruncated).toBe(false);
    const inside = await page('folder/aSubfolder/subFile1');
    expect(inside.CommonPrefixes).toBeUndefined();
    expect(inside.Versions!.map((version) => version.Key)).toEqual(['folder/file1']);
  });

  it('ListObjects with a marker inside a common prefix skips the rest of it (docs/aws-behaviour/s3.md §2.8)', async () => {
    const { s3 } = await versionedBucket('never');
    for (const key of ['folder/aSubfolder/subFile1', 'folder/aSubfolder/subFile2', 'folder/file1', 'folder/file2'])
      await put(s3, key, 'content 123');
    const listed = await s3.send(
      new ListObjectsCommand({
        Bucket: 'bkt',
        Prefix: 'folder/',
        Delimiter: '/',
        MaxKeys: 1,
        Marker: 'folder/aSubfolder/subFile1',
      }),
    );
    expect(listed.CommonPrefixes).toBeUndefined();
    expect(listed.Contents!.map((object) => object.Key)).toEqual(['folder/file1']);
    expect(listed).toMatchObject({ IsTruncated: true, NextMarker: 'folder/file1' });
  });

  it('answers the prefixes of the recording, and encodes keys with EncodingType url', async () => {
    const { s3 } = await versionedBucket();
    await put(s3, 'dir/test', 'content key1-v1');
    await put(s3, 'dir/test', 'content key-1v2');
    await put(s3, 'dir/subdir/test2', 'content key2-v1');
    await put(s3, 'dir/subdir/test2', 'content key2-v2');
    const list = (Prefix: string) => s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', Prefix, Delimiter: '/' }));
    const keysOf = (answer: Awaited<ReturnType<typeof list>>) => [
      ...(answer.Versions ?? []).map((version) => version.Key),
      ...(answer.CommonPrefixes ?? []).map((common) => common.Prefix),
    ];
    expect(keysOf(await list('dir/'))).toEqual(['dir/test', 'dir/test', 'dir/subdir/']);
    expect(keysOf(await list('dir/s'))).toEqual(['dir/subdir/']);
    expect(keysOf(await list('dir/test'))).toEqual(['dir/test', 'dir/test']);
    expect(keysOf(await list('dir/subdir'))).toEqual(['dir/subdir/']);
    expect(keysOf(await list('dir/subdir/'))).toEqual(['dir/subdir/test2', 'dir/subdir/test2']);
    await put(s3, 'a key+é');
    const encoded = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', Prefix: 'a ', EncodingType: 'url' }));
    expect(encoded.Versions!.map((version) => version.Key)).toEqual(['a+key%2B%C3%A9']);
    expect(encoded.Prefix).toBe('a+');
  });

  it('a version-id marker deleted since goes on from the versions older than it', async () => {
    const { s3 } = await versionedBucket();
    for (let i = 0; i < 5; i++) await put(s3, 'prefixed_key', '');
    await put(s3, 'non_prefixed_key', '');
    const first = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', Prefix: 'prefix', MaxKeys: 3 }));
    const [v1, v2, v3] = first.Versions!.map((version) => version.VersionId!);
    expect(first).toMatchObject({ IsTruncated: true, NextKeyMarker: 'prefixed_key', NextVersionIdMarker: v3 });
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: 'bkt',
        Delete: { Objects: [v1, v2, v3].map((VersionId) => ({ Key: 'prefixed_key', VersionId })) },
      }),
    );
    const second = await s3.send(
      new ListObjectVersionsCommand({
        Bucket: 'bkt',
        Prefix: 'prefix',
        MaxKeys: 5,
        KeyMarker: 'prefixed_key',
        VersionIdMarker: v3,
      }),
    );
    expect(second.Versions!.map((version) => version.IsLatest)).toEqual([true, false]);
    expect(second.IsTruncated).toBe(false);
  });

  it('shows the null version of writes made before versioning and while suspended', async () => {
    const { s3 } = await versionedBucket('never');
    await put(s3, 'key', 'before');
    await s3.send(new PutBucketVersioningCommand({ Bucket: 'bkt', VersioningConfiguration: { Status: 'Enabled' } }));
    const enabled = await put(s3, 'key', 'enabled');
    await s3.send(new PutBucketVersioningCommand({ Bucket: 'bkt', VersioningConfiguration: { Status: 'Suspended' } }));
    await remove(s3, 'key');
    const listed = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt' }));
    // The suspended delete's null marker replaced the null version written first (§1.4).
    expect(ids(listed.Versions)).toEqual([`key@${enabled}`]);
    expect(ids(listed.DeleteMarkers)).toEqual(['key@null']);
    expect(listed.DeleteMarkers![0]!.IsLatest).toBe(true);
  });

  it('empties a versioned bucket as test suites do: every version and marker, page by page, then DeleteBucket', async () => {
    const { s3 } = await versionedBucket();
    for (let i = 0; i < 30; i++) {
      await put(s3, `k${i % 7}`, `v${i}`);
      if (i % 5 === 0) await remove(s3, `k${i % 7}`);
    }
    let pages = 0;
    let markers: { KeyMarker?: string | undefined; VersionIdMarker?: string | undefined } = {};
    for (;;) {
      const page = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt', MaxKeys: 10, ...markers }));
      pages++;
      const objects = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].map(({ Key, VersionId }) => ({
        Key,
        VersionId,
      }));
      if (objects.length > 0) await s3.send(new DeleteObjectsCommand({ Bucket: 'bkt', Delete: { Objects: objects } }));
      if (!page.IsTruncated) break;
      markers = { KeyMarker: page.NextKeyMarker, VersionIdMarker: page.NextVersionIdMarker };
    }
    expect(pages).toBeGreaterThan(1);
    const left = await s3.send(new ListObjectVersionsCommand({ Bucket: 'bkt' }));
    expect(left.Versions ?? []).toEqual([]);
    expect(left.DeleteMarkers ?? []).toEqual([]);
    await s3.send(new DeleteBucketCommand({ Bucket: 'bkt' }));
  });
});

describe('a page of versions in a big bucket (docs/aws-behaviour/s3.md §2.12)', () => {
  it('expands only the keys of its page, out of 100,000', () => {
    const bucket = new Bucket('big', 'us-east-1', 'arn:aws:s3:::big', 0);
    for (let i = 0; i < 100_000; i++) {
      const key = `key-${String(i).padStart(6, '0')}`;
      bucket.put({ ...VERSION, key });
      if (i % 2 === 0) bucket.put({ ...VERSION, key, versionId: `marker-${i}`, deleteMarker: true });
    }
    let expanded = 0;
    const page = listPage(
      bucket.versionedKeys,
      { prefix: '', delimiter: undefined, after: 'key-050000', atAfter: true, maxKeys: 7 },
      (key) => {
        expanded++;
        return bucket.versionsAfter(key, key === 'key-050000' ? 'marker-50000' : undefined);
      },
    );
    expect(page.entries.map((version) => `${version.key}@${version.versionId}`)).toEqual([
      'key-050000@null',
      'key-050001@null',
      'key-050002@marker-50002',
      'key-050002@null',
      'key-050003@null',
      'key-050004@marker-50004',
      'key-050004@null',
    ]);
    expect(page).toMatchObject({ truncated: true, last: 'key-050004' });
    expect(expanded).toBe(6);
  });
});
