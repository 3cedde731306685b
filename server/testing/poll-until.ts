// Test support: waits for something a test cannot be told about directly (a row written by another process, a
// message heard on the hub) by asking `probe` every 25 ms until it answers something other than undefined. A
// deadline, never a fixed wait: a fast machine passes at once, a slow one gets `timeoutMs`.
export async function pollUntil<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
