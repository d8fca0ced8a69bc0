/**
 * The one rule for text the shop accepts: no NUL, no other control characters (tab, line feed and
 * carriage return only where a field may span lines), no half of a surrogate pair. PostgreSQL refuses
 * NUL outright, and the rest only ever comes from scripts or broken clients.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function isSafeText(text: string, options: { multiline?: boolean } = {}): boolean {
  const forbidden = options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return !forbidden.test(text) && isWellFormed(text);
}

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed is too new for every browser the shop supports.
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** How deep a request's JSON may nest: the shop's own payloads stay under five levels. */
export const MAX_INPUT_DEPTH = 16;

export type InputProblem = 'unsafe-text' | 'too-deep';

/**
 * Walks a parsed request (body, query or path parameters) without recursion, so no nesting can
 * exhaust the stack; every string and every object key must pass the multi-line text rule.
 */
export function findInputProblem(value: unknown): InputProblem | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current, { multiline: true })) return 'unsafe-text';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // An uploaded file's bytes are no text: walking them would be one step per byte.
    if (ArrayBuffer.isView(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'too-deep';
    for (const [key, item] of Object.entries(current)) {
      if (!isSafeText(key)) return 'unsafe-text';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}
