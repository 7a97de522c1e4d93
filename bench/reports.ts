/**
 * Reports bench: one community of 10,000 shifts and 2,000 LOAs (400 members, 20 roles) in the
 * sandbox, its snapshot built through the real API layer into a real SQLite store, then reports
 * served from the snapshot: p50/p99 time from asking to the embed, and CPU per report. Prints the
 * refresh cost in requests (pages read). `npx tsx bench/reports.ts [--quick]` runs it alone;
 * `npm run bench` runs it after the scenarios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApi } from '../src/api/client.js';
import { loadConfig } from '../src/base/config.js';
import { limitsProblemText, parseLimits } from '../src/base/limits-spec.js';
import { createLogger } from '../src/base/log.js';
import { snapshotSource } from '../src/community/snapshots.js';
import { ENGLISH } from '../src/i18n/words.js';
import { renderLeave, renderQuota, renderTotals } from '../src/render/reports.js';
import { onLeaveAt, quotaCheck } from '../src/reports/leave.js';
import { periodOf } from '../src/reports/period.js';
import { shiftTotals } from '../src/reports/time.js';
import { openStore } from '../src/store/index.js';
import { generateDataset, startSandbox } from '../test/doubles/sandbox/index.js';

export interface ReportsBenchResult {
  shifts: number;
  loas: number;
  /** Requests (API pages of 100) the first snapshot cost, over the calls it took. */
  buildRequests: number;
  buildCalls: number;
  /** Requests a report made once the snapshot was whole and fresh. */
  requestsPerReport: number;
  reports: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerReport: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

export async function runReportsBench(options: { quick?: boolean } = {}): Promise<ReportsBenchResult> {
  const now = Math.floor(Date.now() / 1000);
  const dataset = generateDataset({
    seed: 42,
    baseTime: now - 3600,
    shifts: 10_000,
    loas: 2_000,
    members: 400,
    roles: 20,
  });
  const sandbox = await startSandbox({ dataset });
  const dir = mkdtempSync(join(tmpdir(), 'rollcall-bench-reports-'));
  const limits = parseLimits('1000/1s');
  if (!limits.ok) throw new Error(limitsProblemText(limits.problem));
  const loaded = loadConfig({
    DISCORD_TOKEN: 'bench',
    DISCORD_APPLICATION_ID: '123456789012345678',
    DISCORD_GUILD_ID: '223456789012345678',
    API_BASE_URL: sandbox.url,
    API_TOKEN: sandbox.token,
    API_LIMITS: '1000/1s',
    DATA_DIR: dir,
    CACHE_TTL_LIST_SECONDS: '3600',
  });
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  const logger = createLogger({ level: 'silent', format: 'json' });
  const api = createApi(loaded.config, logger);
  const store = await openStore({ dataDir: dir });
  try {
    const source = snapshotSource({
      community: 'bench',
      resources: api.resources,
      store: async () => store.snapshots,
      freshMs: 3_600_000,
      logger,
    });
    let buildRequests = 0;
    let buildCalls = 0;
    for (;;) {
      const data = await source.data();
      buildRequests += data.requests;
      buildCalls++;
      if (data.complete || buildCalls > 10) break;
    }
    const quotas = Object.fromEntries(dataset.roles.map((r) => [r.id, 4]));
    const reports = options.quick ? 30 : 200;
    const times: number[] = [];
    let requests = 0;
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < reports; i++) {
      const started = performance.now();
      const data = await source.data();
      requests += data.requests;
      const t = Math.floor(data.servedAt / 1000);
      const calendar = { timeZone: 'Europe/London', weekStart: 'monday' as const };
      const period = periodOf(i % 2 === 0 ? '30-days' : 'this-month', t, calendar);
      const facts = { servedAt: data.servedAt, complete: data.complete };
      const kind = i % 3;
      if (kind === 0) {
        const rows = shiftTotals(data.shifts, period, t);
        const info = { page: 1, totalPages: Math.ceil(rows.length / 10), total: rows.length };
        renderTotals(
          rows.slice(0, 10),
          info,
          { ...data.source, t: ENGLISH },
          { period, timeZone: calendar.timeZone },
          facts,
          1,
        );
      } else if (kind === 1) {
        const rows = quotaCheck(data.members, quotas, data.shifts, data.loas, period, t);
        const info = { page: 1, totalPages: Math.ceil(rows.length / 10), total: rows.length };
        renderQuota(
          rows.slice(0, 10),
          info,
          { ...data.source, t: ENGLISH },
          { period, timeZone: calendar.timeZone, settingsFrom: 'environment' },
          facts,
          new Map(),
          {
            pass: 0,
            fail: 0,
            leave: 0,
          },
        );
      } else {
        const rows = onLeaveAt(data.loas, t);
        const info = { page: 1, totalPages: Math.ceil(rows.length / 10), total: rows.length };
        renderLeave(rows.slice(0, 10), info, { ...data.source, t: ENGLISH }, 'active', 0, facts);
      }
      times.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuStart);
    times.sort((a, b) => a - b);
    return {
      shifts: dataset.shifts.length,
      loas: dataset.loas.length,
      buildRequests,
      buildCalls,
      requestsPerReport: requests / reports,
      reports,
      p50Ms: quantile(times, 0.5),
      p99Ms: quantile(times, 0.99),
      cpuMsPerReport: (cpu.user + cpu.system) / 1000 / reports,
    };
  } finally {
    await store.close();
    await api.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatReportsBench(r: ReportsBenchResult): string {
  return [
    '',
    `Reports from the snapshot (${r.shifts.toLocaleString('en-US')} shifts, ${r.loas.toLocaleString('en-US')} LOAs)`,
    `  snapshot build: ${r.buildRequests} requests (pages of 100) over ${r.buildCalls} report calls`,
    `  per report once built: ${r.requestsPerReport.toFixed(2)} requests`,
    `  time to embed over ${r.reports} reports: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms (target <= 100 ms)`,
    `  CPU per report: ${r.cpuMsPerReport.toFixed(1)} ms`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runReportsBench({ quick: process.argv.includes('--quick') }).then(
    (r) => process.stdout.write(formatReportsBench(r)),
    (error: unknown) => {
      process.stderr.write(`reports bench failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
