import { RequestValidationError } from './errors.js';

/**
 * Builds a request path, percent-encoding each interpolated segment so that an id can never add
 * path segments or a query. Empty, `.` and `..` segments are refused.
 * @example path`oob/${id}/accept-invitation`
 */
export function path(strings: TemplateStringsArray, ...segments: string[]): string {
  let out = strings[0] ?? '';
  segments.forEach((segment, i) => {
    if (segment === '' || segment === '.' || segment === '..') {
      const issue = { path: 'path', message: `segment ${JSON.stringify(segment)} is not a valid id` };
      throw new RequestValidationError(`Invalid request: ${issue.path}: ${issue.message}`, [issue]);
    }
    out += encodeURIComponent(segment) + (strings[i + 1] ?? '');
  });
  return out;
}
