import { AsyncLocalStorage } from 'node:async_hooks';

// The id of the HTTP request being handled, for what is written deep below its route (the audit
// row) without every service passing it along.
const current = new AsyncLocalStorage<string>();

/** Runs `handle` (and everything it starts) as the work of request `id`. */
export function withRequestId<T>(id: string, handle: () => T): T {
  return current.run(id, handle);
}

/** The id of the request whose work this is; undefined outside a request (start-up, demo data). */
export function currentRequestId(): string | undefined {
  return current.getStore();
}
