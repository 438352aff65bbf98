import type { Command } from 'commander';
import { type DynamicValues, resolve } from './resolve.js';

/**
 * A word of the line as bash parses it: its value once quotes and backslashes are removed, how much
 * of that value lies before its last unquoted word-break character (readline replaces only what
 * follows), and the quote left open at the cursor, if any.
 */
export interface LineWord {
  value: string;
  kept: number;
  open: string;
}

/** Splits the line up to the cursor into words, honouring '…', "…" and backslashes; never evaluates anything. */
export function splitLine(line: string, breaks: string): LineWord[] {
  const words: LineWord[] = [];
  let word: LineWord | undefined;
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (!quote && (c === ' ' || c === '\t' || c === '\n')) {
      if (word) words.push(word);
      word = undefined;
      continue;
    }
    word ??= { value: '', kept: 0, open: '' };
    const next = line[i + 1] ?? '';
    if (quote === "'") {
      if (c === "'") quote = '';
      else word.value += c;
    } else if (quote === '"') {
      if (c === '"') quote = '';
      else if (c === '\\' && '$`"\\'.includes(next) && next) word.value += line[++i];
      else word.value += c;
    } else if (c === '\\') word.value += line[++i] ?? '';
    else if (c === "'" || c === '"') quote = c;
    else {
      word.value += c;
      if (breaks.includes(c)) word.kept = word.value.length;
    }
  }
  const current = word ?? { value: '', kept: 0, open: '' };
  current.open = quote;
  return [...words, current];
}

/** A value as readline should insert it outside quotes: shell characters behind a backslash. */
function shellEscape(value: string): string {
  return value.replace(/[^\w.,:=+%@/-]/g, '\\$&');
}

/**
 * `agent-cli __complete --bash COMP_TYPE COMP_WORDBREAKS LINE`: `:words` and the replies for
 * COMPREPLY (relative to readline's word, whole when only listing: COMP_TYPE 63), or `:files`, the
 * file name to give `compgen -f`, the part of its results readline will not replace, and the
 * `--opt=` part readline will replace.
 */
export async function bashReplies(
  root: Command,
  [type, breaks, line]: readonly string[],
  dynamic: DynamicValues,
): Promise<string> {
  const words = splitLine(line ?? '', breaks ?? '');
  const current = words[words.length - 1] as LineWord;
  const found = await resolve(
    root,
    words.slice(1).map((w) => w.value),
    dynamic,
  );
  const { prefix } = found;
  if (found.files) {
    const file = current.value.slice(prefix.length);
    const strip = current.value.slice(prefix.length, Math.max(current.kept, prefix.length));
    return [':files', file, strip, prefix.slice(current.kept)].join('\n');
  }
  const listing = type === '63';
  const replies = found.words.map((w) => (listing ? w : w.slice(current.kept)));
  return [':words', ...replies.map((r) => (listing || current.open ? r : shellEscape(r)))].join('\n');
}
