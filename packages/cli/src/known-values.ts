import { InvalidArgumentError, Option } from 'commander';

/** Edit distance of two short strings (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The known value closest to `value`, when one is close enough to be a typo of it. */
export function closest(value: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const d = distance(value.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return bestDistance <= Math.max(2, Math.floor(value.length / 3)) ? best : undefined;
}

/**
 * A parser that takes one of `known`, or any value written `+value` (sent as `value`: for a
 * deployment with values this CLI does not know). Anything else is a usage error listing the
 * known values and the closest one.
 */
export function knownValue(known: readonly string[]): (value: string) => string {
  return (value) => {
    if (known.includes(value)) return value;
    if (value.startsWith('+') && value.length > 1) return value.slice(1);
    const guess = closest(value, known);
    throw new InvalidArgumentError(
      `known values: ${known.join(', ')}${guess ? ` (did you mean ${guess}?)` : ''}; to send it anyway write +${value}`,
    );
  };
}

/**
 * An option whose value is one of `known` (listed in the help and offered by shell completion), or
 * `+value` for one this CLI does not know.
 */
export function knownOption(flags: string, description: string, known: readonly string[]): Option {
  const option = new Option(flags, description).choices(known);
  return option.argParser(knownValue(known));
}
