// The top-level members of a JSON object text, each value kept as the text it is written as: for
// POST /export's CSV cells, whose numbers are written as JSON writes them. Parsing the object and
// turning each number back into text cost two thirds of a CSV export's encoding (V8's number to
// string conversion, ~0.5 µs a value: 10 of the 15 ms per 1,000 runs of 20 parameters); slicing
// the stored text costs a tenth of that. The text is the service's own JSON.stringify output, so
// it is well-formed; whitespace between tokens is tolerated all the same.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Each member's name and its value's JSON text; a name given twice keeps its last value, as JSON.parse does. */
export function jsonMembers(text: string): Map<string, string> {
  const members = new Map<string, string>();
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) throw new SyntaxError('not a JSON object');
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === CLOSE_BRACE) return members;
  for (;;) {
    const nameEnd = endOfString(text, i);
    const quoted = text.slice(i, nameEnd);
    const name = quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
    i = skipSpace(text, nameEnd);
    if (text.charCodeAt(i) !== COLON) throw new SyntaxError('expected a colon');
    const valueStart = skipSpace(text, i + 1);
    const valueEnd = endOfValue(text, valueStart);
    members.set(name, text.slice(valueStart, valueEnd));
    i = skipSpace(text, valueEnd);
    const next = text.charCodeAt(i);
    if (next === CLOSE_BRACE) return members;
    if (next !== COMMA) throw new SyntaxError('expected a comma');
    i = skipSpace(text, i + 1);
  }
}

function skipSpace(text: string, i: number): number {
  let at = i;
  while (at < text.length && (text[at] === ' ' || text[at] === '\n' || text[at] === '\r' || text[at] === '\t')) at += 1;
  return at;
}

/** The index after the string beginning at `i`. */
function endOfString(text: string, i: number): number {
  if (text.charCodeAt(i) !== QUOTE) throw new SyntaxError('expected a string');
  for (let at = i + 1; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === BACKSLASH) at += 1;
    else if (code === QUOTE) return at + 1;
  }
  throw new SyntaxError('unterminated string');
}

/** The index after the value beginning at `i`: a string, an array or object (with what it holds), or a number or literal. */
function endOfValue(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return endOfString(text, i);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let at = i;
    while (at < text.length && !isEndOfScalar(text.charCodeAt(at))) at += 1;
    return at;
  }
  let depth = 0;
  for (let at = i; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) at = endOfString(text, at) - 1;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
    else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) return at + 1;
  }
  throw new SyntaxError('unterminated array or object');
}

function isEndOfScalar(code: number): boolean {
  return (
    code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09
  );
}
