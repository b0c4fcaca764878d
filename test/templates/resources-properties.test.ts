import { describe, expect, it } from 'vitest';
import { readProperties, tagMap } from '../../src/core/provisioning/properties.js';
import type { ResourceRequest } from '../../src/core/provisioning/resource-type.js';
import { thrownBy } from './resources-support.js';

// How every resource type reads its properties: the schema's names, required keys and types, in CloudFormation's
// words, and the values as the services' APIs take them (docs/aws-behaviour/templates.md §3.10).

const request = (properties: Record<string, unknown>): ResourceRequest => ({
  logicalId: 'R',
  type: 'AWS::Test::Thing',
  properties,
});

describe('readProperties', () => {
  const schema = {
    properties: {
      Count: 'integer',
      Flag: 'boolean',
      Size: 'integerValue',
      On: 'booleanValue',
      Name: 'string',
      Doc: 'json',
      Items: 'list',
      Config: 'object',
      Anything: 'any',
    },
    required: ['Name'],
  } as const;

  it('takes numbers and booleans as JSON values or as strings (§3.10), and gives each the form its API takes', () => {
    expect(
      readProperties(
        request({
          Count: 5,
          Flag: 'TRUE',
          Size: ' 7 ',
          On: 'false',
          Name: 42,
          Doc: { a: [1] },
          Items: [],
          Config: {},
          Anything: null,
        }),
        schema,
      ),
    ).toEqual({
      Count: '5',
      Flag: 'true',
      Size: 7,
      On: false,
      Name: '42',
      Doc: '{"a":[1]}',
      Items: [],
      Config: {},
      Anything: null,
    });
    expect(readProperties(request({ Name: 'n', Doc: '{"kept": "as written"}' }), schema)['Doc']).toBe(
      '{"kept": "as written"}',
    );
  });

  it('leaves out what is absent (AWS::NoValue) and refuses in the schema validator words', () => {
    expect(readProperties(request({ Name: 'n', Count: undefined }), schema)).toEqual({ Name: 'n' });
    const failure = (properties: Record<string, unknown>) =>
      thrownBy(() => readProperties(request(properties), schema));
    const prefix = 'Properties validation failed for resource R with message: ';
    expect(failure({})).toMatchObject({
      message: expect.stringContaining(`${prefix}#: required key [Name] not found`),
    });
    expect(failure({ Name: 'n', Extra: 1 })).toMatchObject({
      message: expect.stringContaining(`${prefix}#: extraneous key [Extra] is not permitted`),
      logicalId: 'R',
      property: 'Extra',
    });
    expect(failure({ Name: 'n', Count: 1.5 }).message).toContain('#/Count: expected type: Integer, found: Number');
    expect(failure({ Name: 'n', Flag: 'yes' }).message).toContain('#/Flag: expected type: Boolean, found: String');
    expect(failure({ Name: 'n', Items: {} }).message).toContain('#/Items: expected type: JSONArray, found: JSONObject');
    expect(failure({ Name: 'n', Doc: [1] }).message).toContain('#/Doc: expected type: JSONObject, found: JSONArray');
    expect(failure({ Name: null }).message).toContain('#/Name: expected type: String, found: Null');
  });
});

describe('tagMap', () => {
  it('reads [{Key, Value}] and names the entry at fault', () => {
    expect(tagMap(request({}), 'Tags', [{ Key: 'a', Value: '1' }])).toEqual({ a: '1' });
    expect(thrownBy(() => tagMap(request({}), 'Tags', [{ Key: 'a' }])).message).toContain(
      '#/Tags/0: required key [Value] not found',
    );
    expect(thrownBy(() => tagMap(request({}), 'Tags', [{ Key: 'a', Value: 1 }])).message).toContain(
      '#/Tags/0/Value: expected type: String, found: Integer',
    );
  });
});
