/** How an ItemReader splits a text delimited file and keys its items (docs/aws-behaviour/stepfunctions.md §2.11.2). */
import { describe, expect, it } from 'vitest';
import { hashMapOrder, parseDelimited, recordsAsItems } from '../../src/services/sfn/integrations/delimited.js';

describe('parseDelimited', () => {
  it('ends records at LF, CRLF or CR; the last newline adds no record; an empty line is one empty field', () => {
    expect(parseDelimited('a,b\r\nc,d\re,f\n', ',')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
    expect(parseDelimited('a\n\nb', ',')).toEqual([['a'], [''], ['b']]);
    expect(parseDelimited('', ',')).toEqual([]);
    expect(parseDelimited(',,,\n   \n', ',')).toEqual([['', '', '', ''], ['   ']]);
  });

  it('quotes hold delimiters and newlines; a doubled quote is one, also inside an unquoted field', () => {
    expect(parseDelimited('"x, y","line\nbreak","say ""hi""",""', ',')).toEqual([
      ['x, y', 'line\nbreak', 'say "hi"', ''],
    ]);
    expect(parseDelimited('{""k"":""v""}', ',')).toEqual([['{"k":"v"}']]);
  });

  it('a backslash keeps a backslash, quote or delimiter, and is dropped before anything else', () => {
    expect(parseDelimited('C:\\\\Program Files\\\\a.exe|1\\|2|\\"q\\"|\\x', '|')).toEqual([
      ['C:\\Program Files\\a.exe', '1|2', '"q"', 'x'],
    ]);
  });
});

describe('hashMapOrder', () => {
  it("orders keys as Java's HashMap iterates them, as AWS's items show", () => {
    expect(hashMapOrder(['Col1', 'Col2', 'Col3'])).toEqual(['Col1', 'Col2', 'Col3']);
    expect(hashMapOrder(['0', 'True', '{}'])).toEqual(['0', '{}', 'True']);
    expect(hashMapOrder(['userId', 'movieId', 'rating', 'timestamp'])).toEqual([
      'rating',
      'movieId',
      'userId',
      'timestamp',
    ]);
    expect(hashMapOrder(['Bucket', 'Key', 'Size', 'LastModifiedDate'])).toEqual([
      'LastModifiedDate',
      'Bucket',
      'Size',
      'Key',
    ]);
  });

  it('a table past 12 keys has 32 buckets', () => {
    // 'p' (112) is in bucket 0 of 16 and bucket 16 of 32; 'a' to 'l' (97 to 108) in buckets 1 to 12 of either.
    const letters = 'abcdefghijkl'.split('');
    expect(hashMapOrder(['p', ...letters.slice(0, 11)])).toEqual(['p', ...letters.slice(0, 11)]);
    expect(hashMapOrder(['p', ...letters])).toEqual([...letters, 'p']);
  });
});

it('recordsAsItems fills what a record lacks with "" and leaves out what is past the header', () => {
  expect(recordsAsItems(['a', 'b'], [['1'], ['1', '2', '3']])).toEqual([
    { a: '1', b: '' },
    { a: '1', b: '2' },
  ]);
});
