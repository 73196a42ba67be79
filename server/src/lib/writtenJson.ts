/**
 * A reply's `res` written as JSON once and answered many times, with its envelope compressed once
 * for each encoding and language clients ask for (by `reply.okJson`): phones ask for br or gzip,
 * and compressing a big reply on every request costs more than all the rest of it.
 */
export class WrittenJson {
  /** Each compressed envelope by encoding and message, made by the first request that asks for it. */
  readonly compressed = new Map<string, Promise<Buffer>>()
  constructor(readonly json: string) {}
}
