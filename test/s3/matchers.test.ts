import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import '../../src/matchers/vitest.js';
import { s3Setup } from './support.js';

async function setup() {
  const s = s3Setup();
  await s.s3.send(new CreateBucketCommand({ Bucket: 'uploads' }));
  await s.s3.send(
    new PutObjectCommand({
      Bucket: 'uploads',
      Key: 'a/b.json',
      Body: JSON.stringify({ id: 7, items: [1, 2] }),
      ContentType: 'application/json',
      Metadata: { Owner: 'me', Kind: 'order' },
    }),
  );
  return s;
}

describe('toHaveObject', () => {
  it('passes for the key, its body (text, JSON contained, bytes), content type and metadata', async () => {
    const { aws } = await setup();
    const bucket = aws.s3.bucket('uploads');
    expect(bucket).toHaveObject('a/b.json');
    expect(bucket).toHaveObject('a/b.json', { body: { id: 7 }, contentType: 'application/json' });
    expect(bucket).toHaveObject('a/b.json', { body: expect.stringContaining('items'), metadata: { owner: 'me' } });
    expect(bucket).toHaveObject('a/b.json', { body: new TextEncoder().encode('{"id":7,"items":[1,2]}') });
    expect(bucket).not.toHaveObject('missing');
  });

  it('fails saying what the bucket holds, or what differs', async () => {
    const { aws } = await setup();
    const bucket = aws.s3.bucket('uploads');
    expect(() => expect(bucket).toHaveObject('a/c.json')).toThrow(
      'expected bucket "uploads" to have an object "a/c.json", but it has one object: "a/b.json"',
    );
    expect(() => expect(bucket).toHaveObject('a/b.json', { body: { id: 8 }, metadata: { owner: 'you' } })).toThrow(
      'expected bucket "uploads" to have an object "a/b.json" with body {id: 8}, metadata {owner: "you"}, but its ' +
        'body is {"id":7,"items":[1,2]}; its metadata is {owner: "me", kind: "order"}',
    );
    expect(() => expect('uploads').toHaveObject('k')).toThrow(
      'toHaveObject: expected a bucket view, from aws.s3.bucket(name), but got the string "uploads" (look it up first: aws.s3.bucket("uploads"))',
    );
  });
});
