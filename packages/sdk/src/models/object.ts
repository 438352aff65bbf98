import * as z from 'zod/mini';
import { $constructor, $ZodObjectJIT } from 'zod/v4/core';

/**
 * `zod/mini`'s object, parsed by zod's generated code where code may be generated, as the classic
 * API's objects are: `zod/mini` builds its objects without it (zod 4.6), and zod's own parse of an
 * object (what a caller's `CredentialExchangeRecord.parse()` runs, and the SDK where its fast path
 * does not decide) then takes about a third longer. Made from zod's core as `zod/mini` makes its
 * own (`mini/schemas.js`), so it is a `z.ZodMiniObject` in every way but that one.
 */
const ZodMiniType: z.core.$constructor<z.ZodMiniType> = z.ZodMiniType;

const ZodMiniObjectJIT = $constructor('ZodMiniObject', (inst: z.ZodMiniObject, def: z.core.$ZodObjectDef) => {
  $ZodObjectJIT.init(inst, def);
  ZodMiniType.init(inst, def);
  // As zod/mini's: read when asked (a shape may refer to schemas made after it).
  Object.defineProperty(inst, 'shape', { get: () => def.shape, configurable: true });
}) as unknown as new (
  def: z.core.$ZodObjectDef,
) => z.ZodMiniObject;

type Shape = z.core.$ZodLooseShape;

/** `z.strictObject` of `zod/mini`, parsed by generated code: an unknown field is an issue. */
export const strictObject = <S extends Shape>(shape: S): z.ZodMiniObject<S, z.core.$strict> =>
  new ZodMiniObjectJIT({ type: 'object', shape, catchall: z.never() }) as z.ZodMiniObject<S, z.core.$strict>;

/** `z.looseObject` of `zod/mini`, parsed by generated code: unknown fields are kept. */
export const looseObject = <S extends Shape>(shape: S): z.ZodMiniObject<S, z.core.$loose> =>
  new ZodMiniObjectJIT({ type: 'object', shape, catchall: z.unknown() }) as z.ZodMiniObject<S, z.core.$loose>;
