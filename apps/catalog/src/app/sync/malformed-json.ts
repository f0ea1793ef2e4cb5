// Where JSON.parse failed, as line and column, without repeating the parser's message: V8's
// message quotes the text it failed on, and a manifest may be a link to any file (the first
// bytes of /etc/passwd once showed up in GET /sync/pending).

/** "malformed JSON at line L, column C" for text, which JSON.parse refused with error. */
export function malformedJsonProblem(text: string, error: unknown): string {
  const { line, column } = lineAndColumn(text, errorOffset(text, error));
  return `malformed JSON at line ${line}, column ${column}`;
}

/**
 * The offset of the first character JSON.parse refused. V8 names it ("at position N") for most
 * errors, but not for an unexpected token or an early end; then it is found by bisection over
 * prefixes: a prefix before the error either parses or fails only for ending early.
 */
function errorOffset(text: string, error: unknown): number {
  const named = reportedPosition(error);
  if (named !== undefined) return Math.min(named, text.length);
  if (!failsBeforeEnd(text)) return text.length;
  let good = 0;
  let bad = text.length;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (failsBeforeEnd(text.slice(0, middle))) bad = middle;
    else good = middle;
  }
  return bad - 1;
}

function failsBeforeEnd(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (error) {
    const position = reportedPosition(error);
    if (position !== undefined) return position < prefix.length;
    return !(error instanceof Error && error.message.startsWith('Unexpected end of JSON input'));
  }
}

function reportedPosition(error: unknown): number | undefined {
  const match = error instanceof Error ? /at position (\d+)/.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
