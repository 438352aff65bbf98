import type { RowOutcome } from './outcome.js';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// Characters XML 1.0 does not allow (control characters, U+FFFE, U+FFFF, lone surrogates).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or attribute value: escaped, characters XML forbids replaced by U+FFFD. */
export function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c).replace(NOT_XML, '\uFFFD');
}

/** The testcase of one row, and whether it is a failure (a row that should have gone out and did not). */
export function testcase(o: RowOutcome): { xml: string; failed: boolean } {
  const head = `  <testcase classname="offers email" name="${xml(`line ${o.line} ${o.email}`)}" time="0"`;
  const message = xml(o.message ?? o.status);
  const out = (text: string) => ({
    xml: `${head}><system-out>${text}</system-out></testcase>\n`,
    failed: false,
  });
  if (o.status === 'sent') return { xml: `${head}/>\n`, failed: false };
  if (o.status === 'valid') return out('valid (dry run: not sent)');
  if (o.status === 'already-sent') return out('already sent by an earlier run');
  if (o.status === 'skipped')
    return { xml: `${head}><skipped message="${message}"/></testcase>\n`, failed: false };
  return {
    xml: `${head}><failure type="${o.status}" message="${message}">${message}</failure></testcase>\n`,
    failed: true,
  };
}
