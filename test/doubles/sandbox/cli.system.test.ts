import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVENT_LIMIT_MS, START_LIMIT_MS } from '../../support/hang.js';
import { parseCliOptions, parseFaults, parseLatency, parseRateLimit } from './cli-args.js';
import { DEFAULT_TOKEN, SANDBOX_DEFAULTS } from './defaults.js';

describe('parseCliOptions', () => {
  it('uses the defaults without flags or environment', () => {
    expect(parseCliOptions([], {})).toEqual({
      port: SANDBOX_DEFAULTS.cliPort,
      seed: SANDBOX_DEFAULTS.seed,
      quiet: false,
      help: false,
    });
  });

  it('reads flags, and the environment where no flag is given', () => {
    const options = parseCliOptions(
      ['--latency', '100-200', '--rate-limit', '60/60', '--faults', '0.05:500,timeout'],
      {
        SANDBOX_PORT: '9000',
        SANDBOX_SEED: '42',
        SANDBOX_LATENCY: '1-2',
        SANDBOX_TOKEN: ' my-token ',
        SANDBOX_QUIET: '1',
      },
    );
    expect(options).toEqual({
      port: 9000,
      seed: 42,
      latency: { minMs: 100, maxMs: 200 },
      rateLimit: { requests: 60, windowSeconds: 60 },
      faults: { rate: 0.05, kinds: ['500', 'timeout'] },
      token: 'my-token',
      quiet: true,
      help: false,
    });
  });

  it('reads the quota, the window mode and the header switch', () => {
    const options = parseCliOptions(
      ['--rate-limit', '30/10', '--window-mode', 'sliding', '--quota', '100/month', '--no-rate-headers'],
      {},
    );
    expect(options.rateLimit).toEqual({ requests: 30, windowSeconds: 10, mode: 'sliding', headers: false });
    expect(options.quota).toEqual({ requests: 100, window: 'month', headers: false });
    expect(parseCliOptions([], { SANDBOX_QUOTA: '100/600s' }).quota).toEqual({
      requests: 100,
      window: { seconds: 600 },
    });
    expect(() => parseCliOptions(['--rate-limit', '1/1', '--window-mode', 'leaky'], {})).toThrow(
      /window mode/,
    );
    expect(() => parseCliOptions(['--window-mode', 'clock'], {})).toThrow(/--rate-limit/);
    expect(() => parseCliOptions(['--quota', '100/week'], {})).toThrow(/quota window/);
  });

  it('refuses bad values with a message', () => {
    expect(() => parseCliOptions(['--port', 'x'], {})).toThrow(/port/);
    expect(() => parseCliOptions(['--bogus'], {})).toThrow();
    expect(() => parseLatency('200-100')).toThrow(/latency/);
    expect(() => parseRateLimit('60')).toThrow(/window/);
    expect(() => parseFaults('2:500')).toThrow(/rate/);
    expect(() => parseFaults('0.1:500,boom')).toThrow(/boom/);
  });

  it('parses single-value latency and fault specs without kinds', () => {
    expect(parseLatency('150')).toEqual({ minMs: 150, maxMs: 150 });
    expect(parseFaults('0.2').kinds).toContain('enormous');
  });
});

describe('npm run sandbox (cli.ts)', () => {
  it(
    'prints the base URL, token and sample ids, serves, and stops cleanly on SIGTERM',
    async () => {
      const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--quiet'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        // A limit for a hang (the start compiles the sources and makes the dataset): under half a
        // core beside other work it took past 15 s; what is checked is what it printed, not how soon.
        const deadline = Date.now() + START_LIMIT_MS;
        while (!output.includes('Ctrl+C') && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        const url = /API_BASE_URL=(\S+)/.exec(output)?.[1];
        expect(url, output).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
        expect(output).toContain(`API_TOKEN=${DEFAULT_TOKEN}`);
        expect(output).toMatch(/member chat id \(many LOAs\): \d{17,19}/);
        const response = await fetch(`${url}/server/roles?limit=1`, {
          headers: { Authorization: `Bearer ${DEFAULT_TOKEN}` },
        });
        expect(response.status).toBe(200);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
    START_LIMIT_MS + EVENT_LIMIT_MS,
  );
});
