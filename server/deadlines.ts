// Bounding how long the server waits for I/O: a request to Redis or the database that never answers, or a stop that
// would wait for work without end. Real time on purpose: these bound waiting, they are not rules of the product.

/** `promise`, or a rejection naming `what` once `ms` passed without it settling */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** resolves when `work` settles (either way) or once `ms` passed, whichever comes first: a stop's grace period */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}
