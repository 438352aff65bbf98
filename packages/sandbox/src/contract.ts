import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import document from '../openapi.json' with { type: 'json' };

/**
 * The sandbox's contract: `openapi.json` (OpenAPI 3.1, shipped as
 * `@credential-agent/sandbox/openapi.json`), checked with Ajv's JSON Schema 2020-12 dialect, the
 * dialect of OpenAPI 3.1. Each sandbox endpoint names its operation (method and documented path);
 * this module validates a request's query and body against it and words each problem as the
 * services do: NestJS sentences for the gateway's 400, tsoa `details` for the agent's 422.
 */

/** The OpenAPI document the sandbox serves and validates against. */
export const openApiDocument = document;

const DOCUMENT_ID = 'openapi.json';
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(document, DOCUMENT_ID);

/** The 422 `details` of the real agent, one entry per field. */
export type ValidationDetails = Record<string, { message: string }>;

/** The outcome of checking a value, in the words of both services. */
export type Checked = { ok: true } | { ok: false; messages: string[]; details: ValidationDetails };

/** A query parameter's refusal other than a 400 (`x-refusal`: an unknown credential type is a 404). */
export interface Refusal {
  status: number;
  message: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  'x-refusal'?: Refusal;
}

/** What an operation accepts, compiled. */
export interface Operation {
  /** Whether the operation takes a JSON body. */
  hasBody: boolean;
  checkQuery(query: Record<string, string>): Checked & { refusal?: Refusal };
  checkBody(body: unknown): Checked;
}

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Where an issue is, as the SDK writes field paths: `credentialOffer[1].emailId`. */
function fieldPath(pointer: string, extra?: string): string {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (extra !== undefined) segments.push(extra);
  return segments.map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : `${i > 0 ? '.' : ''}${key}`)).join('');
}

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

const FORMATS: Record<string, string> = { email: 'an email', uuid: 'a UUID', uri: 'a URL address' };

/** One NestJS (class-validator) sentence per issue, naming the field and never its value. */
function sentence(error: ErrorObject, root: string): string {
  const params = error.params as Record<string, unknown>;
  const field = fieldPath(error.instancePath) || root;
  switch (error.keyword) {
    case 'required':
      return `${fieldPath(error.instancePath, String(params['missingProperty']))} is required`;
    case 'additionalProperties':
      return `property ${fieldPath(error.instancePath, String(params['additionalProperty']))} should not exist`;
    case 'type':
      return `${field} must be ${article(String(params['type']))}`;
    case 'minLength':
      return params['limit'] === 1
        ? `${field} should not be empty`
        : `${field} must be longer than or equal to ${params['limit']} characters`;
    case 'format':
      return `${field} must be ${FORMATS[String(params['format'])] ?? `in the format ${params['format']}`}`;
    case 'enum':
      return `${field} must be one of the following values: ${(params['allowedValues'] as unknown[]).join(', ')}`;
    case 'pattern':
      return `${field} must match /${params['pattern']}/ regular expression`;
    case 'minItems':
      return `${field} must contain at least ${params['limit']} elements`;
    case 'anyOf':
      return `${field} is not any of the allowed forms`;
    default:
      return `${field} ${error.message ?? 'is not valid'}`;
  }
}

/** One entry of the real agent's (tsoa) 422 `details`: `body.issuerId`, or the parent of excess fields. */
function detail(error: ErrorObject, root: string): [string, string] {
  const params = error.params as Record<string, unknown>;
  const where = fieldPath(error.instancePath);
  const key = where ? `${root}.${where}` : root;
  switch (error.keyword) {
    case 'required': {
      const name = String(params['missingProperty']);
      return [`${root}.${fieldPath(error.instancePath, name)}`, `'${name}' is required`];
    }
    case 'additionalProperties':
      return [key, String(params['additionalProperty'])];
    case 'type':
      return [key, `invalid ${params['type']} value`];
    case 'enum':
      return [
        key,
        `should be one of the following; [${(params['allowedValues'] as unknown[]).map((v) => `'${v}'`).join(',')}]`,
      ];
    default:
      return [key, error.message ?? 'is not valid'];
  }
}

/** The errors worth naming: the branches of an `anyOf` are summed up by the `anyOf` error itself. */
function named(errors: readonly ErrorObject[]): ErrorObject[] {
  return errors.filter((error) => !/\/anyOf\/\d+\//.test(error.schemaPath));
}

function outcome(validate: ValidateFunction, value: unknown, root: string): Checked {
  if (validate(value)) return { ok: true };
  const errors = named(validate.errors ?? []);
  const messages = [...new Set(errors.map((error) => sentence(error, root)))];
  const details: ValidationDetails = {};
  const excess = new Map<string, string[]>();
  for (const error of errors) {
    const [key, message] = detail(error, root);
    if (error.keyword === 'additionalProperties') excess.set(key, [...(excess.get(key) ?? []), message]);
    else details[key] = { message };
  }
  for (const [key, names] of excess) {
    details[key] = { message: `"${names.join(',')}" is an excess property and therefore is not allowed` };
  }
  return { ok: false, messages, details };
}

const compiled = new Map<string, Operation>();

/**
 * The operation `method path` of the document (`path` as documented: `/orgs/{orgId}/proofs`).
 * @throws {@link Error} when the document has no such operation (a sandbox route must be documented).
 */
export function operation(method: 'get' | 'post', path: string): Operation {
  const key = `${method} ${path}`;
  const known = compiled.get(key);
  if (known) return known;
  const paths = document.paths as Record<string, Record<string, unknown> | undefined>;
  const op = paths[path]?.[method] as { parameters?: Parameter[]; requestBody?: unknown } | undefined;
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not an operation of openapi.json`);
  const pointer = `${DOCUMENT_ID}#/paths/${escapePointer(path)}/${method}`;
  const queryParams = (op.parameters ?? []).flatMap((parameter, index) =>
    parameter.in === 'query'
      ? [{ parameter, validate: ajv.compile({ $ref: `${pointer}/parameters/${index}/schema` }) }]
      : [],
  );
  const body =
    op.requestBody === undefined
      ? undefined
      : ajv.compile({ $ref: `${pointer}/requestBody/content/application~1json/schema` });
  const compiledOperation: Operation = {
    hasBody: body !== undefined,
    checkQuery(query) {
      const messages: string[] = [];
      const details: ValidationDetails = {};
      let refusal: Refusal | undefined;
      for (const { parameter, validate } of queryParams) {
        const value = query[parameter.name];
        if (value === undefined) {
          if (parameter.required) {
            messages.push(`${parameter.name} is required`);
            details[`query.${parameter.name}`] = { message: `'${parameter.name}' is required` };
          }
          continue;
        }
        const checked = outcome(validate, value, parameter.name);
        if (checked.ok) continue;
        refusal ??= parameter['x-refusal'];
        messages.push(...checked.messages);
        for (const [k, v] of Object.entries(checked.details)) details[k.replace(/^/, 'query.')] = v;
      }
      if (messages.length === 0) return { ok: true };
      return { ok: false, messages, details, ...(refusal ? { refusal } : {}) };
    },
    checkBody(value) {
      return body ? outcome(body, value, 'body') : { ok: true };
    },
  };
  compiled.set(key, compiledOperation);
  return compiledOperation;
}
