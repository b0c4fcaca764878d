/**
 * Text delimited files as a distributed Map's ItemReader reads them (docs/aws-behaviour/stepfunctions.md §2.11.2):
 * how a file splits into records and fields, and how a record becomes an item keyed by the header.
 */

/** §2.11.2 [D]: ReaderConfig's CSVDelimiter, COMMA when not given. */
export const DELIMITERS: Readonly<Record<string, string>> = {
  COMMA: ',',
  PIPE: '|',
  SEMICOLON: ';',
  SPACE: ' ',
  TAB: '\t',
};

/**
 * §2.11.2 [D]: a newline (LF, CRLF or CR) ends a record and the delimiter a field; double quotes enclose text that may
 * hold delimiters and newlines, and a doubled quote (in quotes, or inside a field) is one quote; a backslash keeps the
 * backslash, quote or delimiter after it, and is dropped before any other character; the newline that ends the file
 * ends its last record. **Emulation:** an empty line is a record of one empty field.
 */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  // Whether anything of the record, and of the field, was read.
  let started = false;
  let inField = false;
  const endField = () => {
    fields.push(field);
    field = '';
    inField = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (!quoted && (char === '\r' || char === '\n')) {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endField();
      records.push(fields);
      fields = [];
      started = false;
      continue;
    }
    started = true;
    if (char === '\\' && i + 1 < text.length) {
      field += text[++i];
      inField = true;
    } else if (char === '"') {
      // A doubled quote is one, in quotes or inside a field; a quote alone opens or closes the quotes.
      if (text[i + 1] === '"' && (quoted || inField)) field += text[++i];
      else quoted = !quoted;
      inField = true;
    } else if (char === delimiter && !quoted) endField();
    else {
      field += char;
      inField = true;
    }
  }
  if (started) {
    endField();
    records.push(fields);
  }
  return records;
}

/** Java's `String.hashCode`, over UTF-16 code units. */
function javaHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

/**
 * The order Java's `HashMap` iterates `keys` put in this order (§2.11.2 [AWS-snap]: the items AWS makes of a CSV row
 * keep it): by bucket, `hash ^ (hash >>> 16)` masked by a table of 16 slots doubled while more than three quarters
 * full, and by insertion within a bucket.
 */
export function hashMapOrder(keys: readonly string[]): string[] {
  let slots = 16;
  while (keys.length > slots * 0.75) slots *= 2;
  return keys
    .map((key, index) => {
      const hash = javaHash(key);
      return { key, index, bucket: (hash ^ (hash >>> 16)) & (slots - 1) };
    })
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((entry) => entry.key);
}

/**
 * The items of `records` under `headers` (§2.11.2 [D][AWS-snap]): every field a string, "" for a field the record
 * lacks, fields past the header's left out; the keys in HashMap order.
 */
export function recordsAsItems(
  headers: readonly string[],
  records: readonly (readonly string[])[],
): Record<string, string>[] {
  const column = new Map(headers.map((header, index) => [header, index]));
  const order = hashMapOrder(headers);
  return records.map((record) => {
    const item: Record<string, string> = {};
    for (const header of order) item[header] = record[column.get(header)!] ?? '';
    return item;
  });
}
