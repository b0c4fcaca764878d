import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { boto3Clients, describeClient, run, type Ran, type WireClient } from './clients/run.js';
import { serveChildForFile } from './clients/serve-child.js';

/**
 * S3 over the wire (docs/aws-behaviour/s3.md §6) from boto3 (Debian's 1.26 and the python3 on PATH's) and the AWS CLI
 * (Debian's 2.9 and the one on PATH), against `serve` in a child process.
 */
const SCENARIO = fileURLToPath(new URL('./clients/s3_scenario.py', import.meta.url));
const server = serveChildForFile();

for (const client of boto3Clients({ debian: "Debian's python3-boto3", onPath: 'boto3 of the python3 on PATH' })) {
  describeClient(client, () => {
    it('stores, lists, copies, deletes, uploads in parts, presigns and notifies', async () => {
      const ran = await run(client.file, [SCENARIO, server.endpoint]);
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        contentType: 'binary/octet-stream',
        metadata: { owner: 'me' },
        listed: ['dir/a b+c.txt'],
        commonPrefixes: ['dir/'],
        noSuchKey: ['NoSuchKey', 'The specified key does not exist.'],
        headMissing: '404',
        badName: 'InvalidBucketName',
        multipartEtag: true,
        multipartSize: 6 * 1024 * 1024,
        attributes: [true, 2, 6 * 1024 * 1024, 'STANDARD'],
        badAttribute: ['InvalidArgument', 'Invalid attribute name specified.'],
        deleted: ['copy.txt', 'never'],
        presigned: 'via url',
        configurationIds: ['py'],
        events: ['s3:TestEvent', 'new+%40file.txt'],
        // Newest first, markers counted: the three versions and the delete marker of `dir/a b+0` fill the page.
        versionKeys: ['dir/a b+0'],
        nextKeyMarker: 'dir/a b+0',
        versionsLeft: 0,
        aclRefused: ['AccessControlListNotSupported', 'The bucket does not allow ACLs'],
        aclGrants: [['CanonicalUser', 'FULL_CONTROL']],
        ownership: 'BucketOwnerEnforced',
        bucketGrants: [['http://acs.amazonaws.com/groups/s3/LogDelivery', 'READ']],
      });
    }, 120_000);
  });
}

const CLIS: WireClient[] = [
  { label: "Debian's awscli", file: '/usr/bin/aws', versionArgs: ['--version'], requiredInCi: true },
  { label: 'the AWS CLI on PATH', file: 'aws', versionArgs: ['--version'] },
];

for (const client of CLIS) {
  describeClient(client, () => {
    const cli = (...args: string[]): Promise<Ran> => run(client.file, ['--endpoint-url', server.endpoint, ...args]);
    const ok = async (...args: string[]): Promise<string> => {
      const ran = await cli(...args);
      if (ran.code !== 0) throw new Error(`aws ${args.join(' ')}: ${ran.stderr}`);
      return ran.stdout;
    };

    it('makes a bucket, copies files up and down, lists, syncs and removes (aws s3)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 's3-cli-'));
      writeFileSync(join(dir, 'hello.txt'), 'hello from the cli');
      mkdirSync(join(dir, 'site'));
      writeFileSync(join(dir, 'site', 'index.html'), '<h1>hi</h1>');
      writeFileSync(join(dir, 'site', 'a b.txt'), 'spaced');
      writeFileSync(join(dir, 'big.bin'), Buffer.alloc(9 * 1024 * 1024, 'b'));
      await ok('s3', 'mb', 's3://cli-bucket');
      // The server's clock stands still: moved past the files' times, so that sync sees the copies as newer.
      await server.control.advance(120_000);
      await ok('s3', 'cp', join(dir, 'hello.txt'), 's3://cli-bucket/docs/hello.txt');
      await ok('s3', 'cp', join(dir, 'big.bin'), 's3://cli-bucket/big.bin');
      await ok('s3', 'sync', join(dir, 'site'), 's3://cli-bucket/site');
      const listing = await ok('s3', 'ls', 's3://cli-bucket/', '--recursive');
      expect(listing).toMatch(/docs\/hello\.txt/);
      expect(listing).toMatch(/site\/a b\.txt/);
      expect(listing).toMatch(/9437184 big\.bin/);
      const top = await ok('s3', 'ls', 's3://cli-bucket/');
      expect(top).toMatch(/PRE docs\//);
      const again = await ok('s3', 'sync', join(dir, 'site'), 's3://cli-bucket/site');
      expect(again.trim()).toBe('');
      await ok('s3', 'cp', 's3://cli-bucket/docs/hello.txt', join(dir, 'down.txt'));
      expect(readFileSync(join(dir, 'down.txt'), 'utf8')).toBe('hello from the cli');
      await ok('s3', 'cp', 's3://cli-bucket/big.bin', join(dir, 'big-down.bin'));
      expect(readFileSync(join(dir, 'big-down.bin')).length).toBe(9 * 1024 * 1024);
      // Between buckets, an object of 8 MiB or more is copied part by part with UploadPartCopy (s3.md §2.13).
      await ok('s3', 'mb', 's3://cli-other');
      await ok('s3', 'cp', 's3://cli-bucket/big.bin', 's3://cli-other/copied.bin');
      await ok('s3', 'cp', 's3://cli-other/copied.bin', join(dir, 'copied.bin'));
      expect(readFileSync(join(dir, 'copied.bin')).equals(readFileSync(join(dir, 'big.bin')))).toBe(true);
      await ok('s3', 'rb', 's3://cli-other', '--force');
      await ok('s3', 'rm', 's3://cli-bucket/', '--recursive');
      expect((await ok('s3', 'ls', 's3://cli-bucket/')).trim()).toBe('');
      const missing = await cli('s3api', 'get-object', '--bucket', 'cli-bucket', '--key', 'nope', join(dir, 'x'));
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain(
        'An error occurred (NoSuchKey) when calling the GetObject operation: The specified key does not exist.',
      );
      await ok('s3', 'rb', 's3://cli-bucket');
      expect(await ok('s3', 'ls')).not.toContain('cli-bucket');
    }, 180_000);
  });
}
