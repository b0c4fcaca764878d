import { describe, expect, it } from 'vitest';
import { FilterCriteria } from '../../../src/services/lambda/esm/filter-criteria.js';
import type { SqsRecord } from '../../../src/services/lambda/esm/sqs-event.js';

/** Why a mapping's FilterCriteria pass no filter for an SQS record (docs/guide/journeys.md). */

function record(body: string): SqsRecord {
  return {
    messageId: 'm1',
    receiptHandle: 'rh',
    body,
    attributes: { ApproximateReceiveCount: '1' },
    messageAttributes: {},
    md5OfBody: 'md5',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
    awsRegion: 'us-east-1',
  };
}

function criteria(...patterns: object[]): FilterCriteria {
  return FilterCriteria.compile(patterns.map((pattern) => ({ Pattern: JSON.stringify(pattern) })));
}

describe('FilterCriteria.explainMiss', () => {
  it('names the path into a JSON body, and nothing when a filter passes', () => {
    const filters = criteria({ body: { detail: { amount: [{ numeric: ['>=', 100] }] } } });
    const miss = record('{"detail":{"amount":50}}');
    expect(filters.passes(miss)).toBe(false);
    expect(filters.explainMiss(miss)).toBe('body.detail.amount: 50 is not >= 100');
    const pass = record('{"detail":{"amount":150}}');
    expect(filters.passes(pass)).toBe(true);
    expect(filters.explainMiss(pass)).toBeUndefined();
  });

  it('says why each filter failed, and cuts a plain-text body', () => {
    const filters = criteria({ body: ['order'] }, { body: { type: ['order'] } });
    expect(filters.explainMiss(record('x'.repeat(5000)))).toBe(
      `no filter matched: body: "${'x'.repeat(99)}…" is not one of ["order"]; body.type: no such key`,
    );
  });

  it('has nothing to explain without filters', () => {
    expect(criteria().explainMiss(record('anything'))).toBeUndefined();
  });
});
