import { RequestValidationError } from '../errors.js';

/**
 * Builds a request path, percent-encoding each interpolated segment so that an id can never add
 * path segments or a query. Empty, `.` and `..` segments are refused.
 * @example path`oob/${id}/accept-invitation`
 */
export function path(strings: TemplateStringsArray, ...segments: string[]): string {
  let out = strings[0] ?? '';
  segments.forEach((segment, i) => {
    let encoded: string | undefined;
    try {
      encoded =
        segment === '' || segment === '.' || segment === '..' ? undefined : encodeURIComponent(segment);
    } catch {
      // A lone surrogate: encodeURIComponent throws a URIError.
    }
    if (encoded === undefined) {
      const issue = {
        path: 'path',
        message: `segment ${JSON.stringify(segment)} is not a valid id`,
        code: 'invalid_value' as const,
      };
      throw new RequestValidationError(`Invalid request: ${issue.path}: ${issue.message}`, [issue]);
    }
    out += encoded + (strings[i + 1] ?? '');
  });
  return out;
}
