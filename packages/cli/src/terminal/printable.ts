/**
 * Characters that must not reach a terminal as they are: control characters (C0, DEL, C1: escape
 * sequences, line breaks) and Unicode format characters (bidi overrides and isolates such as
 * U+202E, zero-width spaces, BOM, tag characters) and line/paragraph separators, which reorder or
 * hide what is shown.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** The same but C0 (JSON text escapes those in strings itself; outside strings they are its layout). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

const ZWJ = '\u200d';

/** A zero-width joiner inside an emoji sequence (👩‍💻) is kept: it only joins pictographs. */
function joinsEmoji(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 2), at);
  const after = text.slice(at + 1, at + 3);
  return (
    /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)$/u.test(before) &&
    /^\p{Extended_Pictographic}/u.test(after)
  );
}

/** Replaces each character of `text` that `unsafe` matches by `escaped(character)`. */
function replaceUnsafe(text: string, unsafe: RegExp, escaped: (c: string) => string): string {
  return text.replace(unsafe, (c: string, at: number) =>
    c === ZWJ && joinsEmoji(text, at) ? c : escaped(c),
  );
}

/**
 * `text` with control and Unicode format characters escaped (`\n`, `\x1b`, `\u202e`, `\u{e0041}`),
 * so that a value echoed to a terminal (a server's message, a record's label, what the user typed)
 * cannot split the line, send escape sequences, or reorder what is shown.
 */
export function printable(text: string): string {
  return replaceUnsafe(text, UNSAFE, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.codePointAt(0) ?? 0;
    if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
    return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** How a character is named in messages: `U+001B`. */
export function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * JSON text with the same characters written as `\uXXXX` escapes, which `JSON.stringify` leaves
 * raw (DEL, C1, format characters). The escapes are JSON's own: a parser reads the same values.
 */
export function printableJson(json: string): string {
  return replaceUnsafe(json, UNSAFE_IN_JSON, (c) =>
    Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(
      '',
    ),
  );
}
