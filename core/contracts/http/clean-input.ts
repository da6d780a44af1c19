/**
 * What every string the API accepts must be: free of NUL (PostgreSQL text cannot hold it) and well-formed Unicode
 * (a lone surrogate has no UTF-8 form). JSON trees are also bounded in depth, so nothing downstream recurses without
 * end. Pure: the HTTP hook, the multipart form and the webhook all use it, each on what it parsed.
 */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { where: string; problem: 'nul' | 'ill_formed' | 'too_deep' };

export function isCleanText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * The first problem in a JSON-like value (strings checked, object keys too), or null. Iterative, so a tree nested
 * 100,000 deep is refused at depth MAX_INPUT_DEPTH instead of overflowing the stack.
 */
export function findInputProblem(value: unknown, where: string, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { where, problem: 'nul' };
      if (!current.isWellFormed()) return { where, problem: 'ill_formed' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return { where, problem: 'too_deep' };
    const entries = Array.isArray(current) ? current : Object.values(current);
    if (!Array.isArray(current)) {
      for (const key of Object.keys(current)) stack.push({ value: key, depth });
    }
    for (const entry of entries) stack.push({ value: entry, depth: depth + 1 });
  }
  return null;
}

const WORDS: Record<InputProblem['problem'], string> = {
  nul: 'contains a NUL character',
  ill_formed: 'is not valid Unicode text',
  too_deep: `is nested more than ${MAX_INPUT_DEPTH} levels deep`,
};

export function describeInputProblem(problem: InputProblem): string {
  return `The ${problem.where} ${WORDS[problem.problem]}`;
}
