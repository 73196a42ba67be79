import type { FastifyBaseLogger } from 'fastify'

/**
 * Runs `task` in the background after `firstMs`, then `everyMs` after each run ends; a failure is
 * logged as `failure` and the next run comes as planned. Answers the stop, for the plugin's preClose
 * (before it waits for a run under way), so that no run starts once the server is closing.
 */
export function repeatInBackground(
  log: FastifyBaseLogger,
  firstMs: number,
  everyMs: number,
  task: () => Promise<unknown>,
  failure: string,
): () => void {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      task()
        .catch((err: unknown) => log.error({ err }, failure))
        .finally(() => stopped || schedule(everyMs))
    }, ms).unref()
  }
  schedule(firstMs)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
