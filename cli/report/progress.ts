/**
 * The report's progress line on a terminal: how many descriptions are linted and how many could not
 * be, the time so far, an estimate of the time left, and the description the last thread took. The
 * estimate goes by size: the largest descriptions are linted first and take most of the time, so
 * the share of bytes linted says more than the share of descriptions.
 */

export interface Progress {
  done: number;
  total: number;
  failed: number;
  elapsedMs: number;
  /** Bytes of the descriptions linted so far, and of all of them. */
  bytesDone: number;
  bytesTotal: number;
  /** The description a thread took last (as shown in the report), while any is being linted. */
  current?: string;
}

/** A duration as a person reads it: "45 s", "3 min", "1 h 20 min". */
export function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The line (without the carriage return that starts it and the erase that ends it). */
export function progressLine(p: Progress): string {
  const elapsed = p.elapsedMs / 1000;
  let left = '';
  if (p.done < p.total)
    left =
      p.bytesDone > 0 && p.bytesDone < p.bytesTotal
        ? `, about ${duration((elapsed * (p.bytesTotal - p.bytesDone)) / p.bytesDone)} left`
        : ', estimating the time left';
  const now = p.current === undefined || p.done === p.total ? '' : `; now ${p.current}`;
  return `${p.done}/${p.total} descriptions linted, ${p.failed} not, ${duration(elapsed)}${left}${now}`;
}
