// A drawing thread that takes every job and answers none (test/charts/charts-faults.test.ts: the answer's wait for its chart).
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => undefined);
