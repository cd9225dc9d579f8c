/**
 * The lines two versions of a text keep, remove and add: the edit script that `fix --dry-run`'s
 * unified diff and the language server's text edits are made of. Fixes change a few lines among many
 * (a 400,000-line description with a few thousand added lines), so the lines are matched greedily:
 * equal lines are kept, and at a difference the nearest point where both texts agree again (on three
 * lines in a row) is looked for. Any matching gives a correct script; this one is short for such changes.
 */

const WINDOW = 2000;

/** A line of an edit script: kept, removed or added, with its index in each text. */
export type Line = { kind: ' ' | '-' | '+'; text: string; a: number; b: number };

/** Splits a text into lines, each with its own line ending. */
function lines(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', at)) {
    out.push(text.slice(at, nl + 1));
    at = nl + 1;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function agree(a: string[], i: number, b: string[], j: number): boolean {
  for (let k = 0; k < 3; k++) {
    if (i + k >= a.length || j + k >= b.length) return i + k >= a.length && j + k >= b.length;
    if (a[i + k] !== b[j + k]) return false;
  }
  return true;
}

/** The nearest (di, dj) from which the texts agree again; the ends when they never do. */
function resync(a: string[], i: number, b: string[], j: number): [number, number] {
  for (let d = 1; d <= WINDOW; d++) {
    for (let di = 0; di <= d; di++) {
      const dj = d - di;
      if (i + di <= a.length && j + dj <= b.length && agree(a, i + di, b, j + dj)) return [di, dj];
    }
  }
  return [a.length - i, b.length - j];
}

/** The shortest edit script of two small runs of lines (longest common subsequence); all removed, then all added, for large ones. */
function align(a: string[], b: string[]): (' ' | '-' | '+')[] {
  if (a.length === 0 || b.length === 0 || a.length * b.length > 1_000_000) {
    return [...a.map(() => '-' as const), ...b.map(() => '+' as const)];
  }
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let x = n - 1; x >= 0; x--) {
    for (let y = m - 1; y >= 0; y--) {
      lcs[x][y] = a[x] === b[y] ? lcs[x + 1][y + 1] + 1 : Math.max(lcs[x + 1][y], lcs[x][y + 1]);
    }
  }
  const out: (' ' | '-' | '+')[] = [];
  let x = 0;
  let y = 0;
  while (x < n || y < m) {
    if (x < n && y < m && a[x] === b[y]) {
      out.push(' ');
      x++;
      y++;
    } else if (y >= m || (x < n && lcs[x + 1][y] >= lcs[x][y + 1])) {
      out.push('-');
      x++;
    } else {
      out.push('+');
      y++;
    }
  }
  return out;
}

/** The lines of two texts, each kept, removed or added: short for a fix's few changes among many lines. */
export function editScript(before: string, after: string): Line[] {
  const a = lines(before);
  const b = lines(after);
  const script: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      script.push({ kind: ' ', text: a[i], a: i++, b: j++ });
      continue;
    }
    const [di, dj] = resync(a, i, b, j);
    for (const kind of align(a.slice(i, i + di), b.slice(j, j + dj))) {
      if (kind === ' ') script.push({ kind, text: a[i], a: i++, b: j++ });
      else if (kind === '-') script.push({ kind, text: a[i], a: i++, b: j });
      else script.push({ kind, text: b[j], a: i, b: j++ });
    }
  }
  return script;
}
