/**
 * Waiting for a condition in a test: polled, with a limit for a hang (docs/development.md, "Tests":
 * tests wait for conditions, never for a fixed time).
 */

/** Wait until `check` holds (polling every 25 ms), or fail after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
