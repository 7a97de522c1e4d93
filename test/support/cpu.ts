/**
 * The CPU this process may use, in cores: the machine's, or less where a cgroup caps it (v2
 * `cpu.max`, v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`), as when the suite is proven under half a
 * core (docs/development.md, "Tests"). A load test offers load in proportion to it, so that it tests
 * what the bot does with every interaction rather than how fast the machine is.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The cgroup's quota in cores, or undefined where none is set or none can be read. */
function cgroupCores(): number | undefined {
  const lines = (read('/proc/self/cgroup') ?? '').split('\n');
  const v2 = lines.find((l) => l.startsWith('0::'))?.slice(3);
  const v1 = lines.find((l) => /^\d+:[^:]*\bcpu\b[^:]*:/.test(l))?.replace(/^\d+:[^:]*:/, '');
  const quotas: number[] = [];
  if (v2 !== undefined) {
    const [quota, period] = (read(`/sys/fs/cgroup${v2}/cpu.max`) ?? 'max').split(' ');
    if (quota !== 'max' && Number(period) > 0) quotas.push(Number(quota) / Number(period));
  }
  if (v1 !== undefined) {
    const quota = Number(read(`/sys/fs/cgroup/cpu${v1}/cpu.cfs_quota_us`) ?? -1);
    const period = Number(read(`/sys/fs/cgroup/cpu${v1}/cpu.cfs_period_us`) ?? 0);
    if (quota > 0 && period > 0) quotas.push(quota / period);
  }
  return quotas.length ? Math.min(...quotas) : undefined;
}

/** Cores this process may use (fractional under a cgroup quota). */
export function cpuCores(): number {
  return Math.min(availableParallelism(), cgroupCores() ?? Number.POSITIVE_INFINITY);
}
