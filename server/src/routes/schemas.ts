import { Type, type TSchema } from '@fastify/type-provider-typebox';

/** The success reply of `/api/care/*`: `{code: 1, msg, res}`. */
export const Envelope = <T extends TSchema>(res: T) =>
  Type.Object({ code: Type.Integer({ description: '1 = success; see src/errors.ts' }), msg: Type.String(), res });

export const Id = Type.Integer({ minimum: 1 });

/** A body that carries nothing. */
export const NoBody = Type.Object({});
