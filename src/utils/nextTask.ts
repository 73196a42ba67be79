/** Resolves in a later task of the browser: what follows is not part of the task running now. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
