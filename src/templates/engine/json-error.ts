/**
 * Where JSON text stops being JSON. Node's own messages give the offset in some versions only (Node 20's V8 quotes
 * the text around the fault instead), and an error should say the line and column whatever the version.
 */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, at)) at += word.length;
    else fail();
  };
  const string = () => {
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text.charCodeAt(at) < 0x20) fail();
      at += text[at] === '\\' ? 2 : 1;
    }
    if (at >= text.length) fail();
    at++;
  };
  const value = (): void => {
    space();
    const c = text[at];
    if (c === '{')
      return members('}', () => {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ':') fail();
        at++;
        value();
      });
    if (c === '[') return members(']', value);
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!number) fail();
    at += number![0].length;
  };
  const members = (close: string, member: () => void) => {
    at++;
    space();
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      member();
      space();
      if (text[at] === ',') at++;
      else if (text[at] === close) {
        at++;
        return;
      } else fail();
    }
  };
  try {
    value();
    space();
    return at < text.length ? at : -1;
  } catch (offset) {
    return offset as number;
  }
}
