// Commander wraps the option and command lists of a help text, not the text added after them
// (examples, exit codes, notes). This wraps every line of a help text to the help width at spaces,
// never inside a word: prose continues under its own indentation, and an example command
// (`  $ agent-cli …`) continues on the next line after ` \`, so it can still be pasted into a shell.

/**
 * The words of a line split at spaces; in an example, outside quotes (its `'a b'` stays one word).
 * Prose splits at spaces only, so an apostrophe (`controller's`) is never lost; a quote left
 * unpaired in an example is kept as a character of its word.
 */
function words(text: string, example: boolean): string[] {
  if (!example) return text.split(' ').filter(Boolean);
  return withValues(text.match(/(?:[^\s'"]+|'[^']*'|"[^"]*"|['"])+/g) ?? []);
}

/** An example's words with each `--flag` and the value after it as one, so a line never ends between them. */
function withValues(parts: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const value = parts[i + 1];
    const takes = /^--[a-z][a-z0-9-]*$/.test(part) && value !== undefined && !value.startsWith('-');
    out.push(takes ? `${part} ${value}` : part);
    if (takes) i++;
  }
  return out;
}

/** `line` cut into lines of at most `width` columns at word boundaries (a longer word stays whole). */
function wrapLine(line: string, width: number, continuing = false): string[] {
  const indent = /^\s*/.exec(line)?.[0] ?? '';
  const opens = /^\s*\$ /.test(line);
  // A line after an example line ending in ` \` is more of that example.
  const example = opens || continuing;
  const continued = example && line.endsWith(' \\');
  const body = words(continued ? line.slice(indent.length, -2) : line.slice(indent.length), example);
  const next = opens ? `${indent}    ` : indent;
  // An example's lines but the last end in ` \`: keep two columns for it.
  const room = example ? width - 2 : width;
  const lines: string[] = [];
  let current = indent;
  for (const word of body) {
    const start = lines.length === 0 ? indent : next;
    if (current !== start && current.length + 1 + word.length > room) {
      lines.push(current);
      current = next + word;
    } else {
      current = current === start ? current + word : `${current} ${word}`;
    }
  }
  lines.push(current);
  if (!example) return lines;
  return lines.map((text, i) => (i < lines.length - 1 || continued ? `${text} \\` : text));
}

/** A help text with every line longer than `width` wrapped at spaces. */
/** Whether `line` is prose (not an example, list item, aligned column or blank). */
const prose = (line: string) =>
  line.trim() !== '' && !/^\s*(\$ |[-*] |\d+[.)] |\()/.test(line) && !/\S {2,}\S/.test(line.trim());

/**
 * The lines with each paragraph hard-wrapped wider than `width` in the source joined: a prose line
 * longer than `width` not ending a sentence takes the next prose line of the same indentation.
 */
function reflow(lines: readonly string[], width: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    const indent = (text: string) => /^\s*/.exec(text)?.[0] ?? '';
    const joins =
      last !== undefined &&
      last.length > width &&
      !/[.:]$/.test(last) &&
      !last.endsWith(' \\') &&
      prose(last) &&
      prose(line) &&
      indent(last) === indent(line);
    if (joins) out[out.length - 1] = `${last} ${line.trimStart()}`;
    else out.push(line);
  }
  return out;
}

export function wrapHelp(text: string, width: number): string {
  let continuing = false;
  return reflow(text.split('\n'), width)
    .flatMap((line) => {
      const wrapped = line.length <= width ? [line] : wrapLine(line, width, continuing);
      continuing = (continuing || /^\s*\$ /.test(line)) && line.endsWith(' \\');
      return wrapped;
    })
    .join('\n');
}
