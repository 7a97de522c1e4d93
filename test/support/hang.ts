/**
 * How long a test waits for a child process of Rollcall to start (`node --import tsx src/main.ts`,
 * or a shard under the manager: load and compile the sources, open the store, connect to the
 * doubles) before it calls it hung. A limit for a hang, not a measure of speed (docs/development.md,
 * "Tests"): a start took 30 s on half a core alone and more beside other work, so the limit is
 * minutes. What a test checks of the start (that it connects, is ready, answers) is checked by the
 * event, never by how soon it came.
 */
export const START_LIMIT_MS = 180_000;

/**
 * How long a test waits for something a running process does at once (a log line after a signal,
 * readiness turning, a process group gone) before it calls it hung: seconds on an idle machine,
 * and a generous limit beside other work on half a core.
 */
export const EVENT_LIMIT_MS = 60_000;
