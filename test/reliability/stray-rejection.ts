/**
 * Loaded with `node --import` before Rollcall's entry point by the process tests: once Rollcall has
 * installed its handler (and then STRAY_REJECTION_AFTER_MS more), one promise rejects with nobody
 * listening. Rollcall must log it and keep serving; Node's default would end the process.
 */
const delayMs = Number(process.env.STRAY_REJECTION_AFTER_MS ?? 1_000);
const poll = setInterval(() => {
  if (process.listenerCount('unhandledRejection') === 0) return;
  clearInterval(poll);
  setTimeout(() => {
    void Promise.reject(new Error('stray rejection injected by the reliability suite'));
  }, delayMs);
}, 20);
