/**
 * Terminal columns of text that `printable` has already escaped: wide characters (CJK,
 * emoji) take two columns, an escape such as `\x1b` or `\u202e` is one unit that is never cut.
 */

/** Escaped text in pieces: what `printable` writes for a character it escapes, or other text. */
const PIECES = /\\(?:x[0-9a-f]{2}|u\{[0-9a-f]+\}|u[0-9a-f]{4}|[nrt])|[^\\]+|\\/g;
/** Text that is one column per UTF-16 unit (the usual case: ids, states, dates). */
const NARROW = /^[\x20-\x7e]*$/;
/** East Asian Wide and Fullwidth blocks (Hangul, CJK, kana, fullwidth forms, …). */
const WIDE =
  /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;
/** Characters that join neighbours into one cluster: marks, ZWJ, variation selectors, jamo, flags, skin tones. */
const JOINS = /\p{M}|\u200d|[\ufe0e\ufe0f\u1160-\u11ff\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}]/u;
/** Printable ASCII but `\`: one column per character, and no escape to keep whole. */
const PLAIN = /^[\x20-\x5b\x5d-\x7e]*$/;
/** Pictographs drawn as emoji: two columns. */
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;

let graphemes: Intl.Segmenter | undefined;

/** The columns of one grapheme cluster. */
function clusterWidth(cluster: string): number {
  return WIDE.test(cluster) || EMOJI.test(cluster) ? 2 : 1;
}

/** The grapheme clusters of `text`; Intl.Segmenter (slow) only when some characters join. */
function clusters(text: string): Iterable<string> {
  if (!JOINS.test(text)) return text;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/** The units of escaped text, each with its columns: an escape whole, else a grapheme cluster. */
function* units(text: string): Generator<[text: string, width: number]> {
  for (const [piece] of text.matchAll(PIECES)) {
    if (piece.length > 1 && piece.startsWith('\\')) yield [piece, piece.length];
    else for (const cluster of clusters(piece)) yield [cluster, clusterWidth(cluster)];
  }
}

/** The terminal columns `text` (already escaped) takes. */
export function displayWidth(text: string): number {
  if (NARROW.test(text)) return text.length;
  let width = 0;
  for (const [, w] of units(text)) width += w;
  return width;
}

/**
 * `text` cut to at most `width` columns, ending in `mark` (`…` unless told) when cut; whole units
 * only. With `mark` '' it is the prefix that fits, as a shortened ID is shown.
 */
export function truncate(text: string, width: number, mark = '…'): string {
  if (displayWidth(text) <= width) return text;
  const room = width - mark.length;
  if (PLAIN.test(text)) return `${text.slice(0, room)}${mark}`;
  let kept = '';
  let used = 0;
  for (const [unit, w] of units(text)) {
    if (used + w > room) break;
    kept += unit;
    used += w;
  }
  return `${kept}${mark}`;
}

/** `text` padded with spaces to `width` columns. */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
