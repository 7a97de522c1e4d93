import { ApplicationCommandOptionType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { application } from '../../commands/application.js';
import { commands as registered } from '../../commands/index.js';
import { joinRequest } from '../../commands/join-request.js';
import { member } from '../../commands/member.js';
import { role } from '../../commands/role.js';
import { createRollcallCommand, type StatusInfo } from '../../commands/rollcall.js';
import { messageMenus, userMenus } from '../../commands/user-menus.js';
import type { RolePage } from '../../generated/api.js';
import { ApiError } from '../../src/api/errors.js';
import { ApiLimits } from '../../src/api/limits/limits.js';
import { fileLimitStore } from '../../src/api/limits/store.js';
import type { ApiStats, Fetched } from '../../src/api/types.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import type { Command } from '../../src/discord/command.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { freshDataDir, silentLogger } from '../api/helpers.js';
import { assertEmbedWithinLimits, assertNoPings } from '../render/limits.js';
import { type Call, chatInput, fakeResources, optionNames, showContext } from './roster-fakes.js';

function parseLimitsOrThrow(text: string) {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return parsed.limits;
}

const stats: ApiStats = {
  requests: 10,
  cacheHits: 3,
  cacheMisses: 1,
  staleServed: 0,
  coalesced: 0,
  rateLimited: 0,
  budgetRemaining: 50,
  cacheBackend: 'memory',
  cacheHealthy: true,
};

function setup(status: () => StatusInfo = () => ({ version: '1.2.3', stats, startedAt: 1_000_000 })) {
  const all: Command[] = [];
  const rollcall = createRollcallCommand(
    () => all,
    status,
    () => 1_000_000 + 3_723_000,
  );
  all.push(...registered, role, member, application, joinRequest, rollcall);
  return { all, rollcall };
}

function fields(payload: { embeds?: Array<{ fields?: Array<{ name: string; value: string }> }> }) {
  return Object.fromEntries((payload.embeds?.[0]?.fields ?? []).map((f) => [f.name, f.value]));
}

describe('/rollcall help', () => {
  it('lists every registered command and subcommand, itself included', async () => {
    const { all, rollcall } = setup();
    const payload = await rollcall.execute({
      interaction: chatInput({ sub: 'help' }),
      show: showContext(fakeResources({})),
    });
    const embed = payload.embeds?.[0];
    if (!embed) throw new Error('no embed');
    assertEmbedWithinLimits(embed);
    assertNoPings(embed);
    const text = JSON.stringify(embed);
    // one field per command, then the user commands (right-click a member, Apps), then the message commands
    expect(embed.fields).toHaveLength(all.length + 2);
    for (const menu of userMenus) expect(embed.fields?.at(-2)?.value).toContain(`**${menu.data.name}**`);
    expect(embed.fields?.at(-1)?.name).toBe('Right-click a message → Apps');
    for (const menu of messageMenus) expect(embed.fields?.at(-1)?.value).toContain(`**${menu.data.name}**`);
    for (const command of all) {
      expect(text).toContain(`/${command.data.name} — `);
      for (const sub of command.data.options ?? []) {
        if (sub.type === ApplicationCommandOptionType.Subcommand) {
          expect(text).toContain(`/${command.data.name} ${sub.name}`);
        }
      }
    }
    expect(text).toContain('`/role view role:<role>`');
    expect(text).toContain('`/member view user:@user`');
  });

  it('has no views and carries public on both subcommands', () => {
    const { rollcall } = setup();
    expect(rollcall.views).toEqual([]);
    for (const s of rollcall.data.options ?? []) expect(optionNames(s).at(-1)).toBe('public');
  });
});

describe('/rollcall status', () => {
  it('shows each limit: used / left / resets at (a Discord timestamp), and the pace', async () => {
    const clock = Date.parse('2026-11-21T00:00:00Z');
    const limits = new ApiLimits({
      specs: parseLimitsOrThrow('100/month,30/1m'),
      store: fileLimitStore(freshDataDir(), 'h', silentLogger),
      logger: silentLogger,
      now: () => clock,
    });
    for (let i = 0; i < 3; i++) await limits.acquire('k', 0);
    const { rollcall } = setup(() => ({
      version: '1.2.3',
      stats,
      startedAt: 1_000_000,
      limits: () => limits.status('k'),
    }));
    const payload = await rollcall.execute({
      interaction: chatInput({ sub: 'status' }),
      show: showContext(fakeResources({ roles: [{ id: 'r', serverId: 's' }] })),
    });
    await limits.close();
    const f = fields(payload);
    const reset = Date.parse('2026-12-01T00:00:00Z') / 1000;
    expect(f['API allowance (100/month)']).toBe(
      `97 of 100 left this month · 3 used · resets <t:${reset}:f> (<t:${reset}:R>)\n` +
        // 97 left less the 20-request reserve, over 10 days: one refresh every 3h 7m.
        `Pace: one refresh of saved data every 3h 7m (20% kept for new reads) · next <t:${clock / 1000}:f> (<t:${clock / 1000}:R>)`,
    );
    expect(f['Request limit (30/60s)']).toMatch(
      /^27 of 30 left in this 1m window · 3 used · refills <t:\d+:f>/,
    );
    // The headline numbers come from the same counts, not from this process's last count (50).
    expect(f['Left this month']).toBe('97 of 100');
    // 30/60s is kept exactly: the 3 requests just made leave 27 of the window's 30 for now.
    expect(f['Allowed now']).toMatch(/^Up to 27 new reads; /);
    expect(f['Requests left (as last counted here)']).toBeUndefined();
  });

  it('probes the API with a cached read of the roles page and reports the numbers', async () => {
    const { rollcall } = setup();
    const calls: Call[] = [];
    const payload = await rollcall.execute({
      interaction: chatInput({ sub: 'status' }),
      show: showContext(fakeResources({ roles: [{ id: 'r', serverId: 's' }] }, calls)),
    });
    expect(calls).toEqual([{ method: 'listRoles', args: [{ page: 1, limit: 1 }] }]);
    const f = fields(payload);
    expect(f.API).toBe('🟢 Reachable');
    expect(f['Round trip']).toMatch(/^\d+ ms$/);
    expect(f.Cache).toBe('In memory · healthy');
    expect(f['Cache hit rate']).toBe('75% (3 of 4 reads)');
    expect(f['API requests made']).toBe('10');
    expect(f['Requests left (as last counted here)']).toBe('50');
    expect(f.Version).toBe('`1.2.3`');
    expect(f.Uptime).toBe('1h 2m');
  });

  it('reports the API as not reachable, with the sentence, when the read fails or is stale', async () => {
    const { rollcall } = setup();
    const failing = fakeResources({});
    failing.listRoles = async () => {
      throw new ApiError('http', 'API answered 401', { status: 401 });
    };
    const failed = fields(
      await rollcall.execute({
        interaction: chatInput({ sub: 'status' }),
        show: showContext(failing),
      }),
    );
    expect(failed.API).toBe('🔴 Not reachable');
    expect(failed.Problem).toContain('rejected Rollcall');

    const stale = fakeResources({});
    stale.listRoles = async (): Promise<Fetched<RolePage>> => ({
      data: { data: [], page: 1, pageSize: 1, total: 0, totalPages: 1 },
      fetchedAt: 0,
      fromCache: true,
      stale: true,
    });
    const staleFields = fields(
      await rollcall.execute({
        interaction: chatInput({ sub: 'status' }),
        show: showContext(stale),
      }),
    );
    expect(staleFields.API).toBe('🔴 Not reachable');
    expect(staleFields.Problem).toBe(MESSAGES.unavailable);
  });
});

describe('/rollcall status spends no request while an answer is saved', () => {
  it('says the roles page came from the cache, and when', async () => {
    const { rollcall } = setup();
    const resources = fakeResources({ roles: [{ id: 'r', serverId: 's' }] });
    const listRoles = resources.listRoles;
    resources.listRoles = async (...args) => ({ ...(await listRoles(...args)), fromCache: true });
    const payload = await rollcall.execute({
      interaction: chatInput({ sub: 'status' }),
      show: showContext(resources),
    });
    const f = fields(payload);
    expect(f.API).toBe('🟢 Reachable');
    expect(f['Round trip']).toBe('— (saved answer from <t:1700000000:R>: no request spent)');
  });
});
