/** /quota check through its command: where quotas are set, said right in each mode. */
import { describe, expect, it } from 'vitest';
import { quota } from '../../commands/quota.js';
import { shift } from '../../commands/shift.js';
import { DEFAULT_REPORT_SETTINGS, type ReportSource } from '../../src/reports/source.js';
import { chatInput, fakeResources, showContext } from './roster-fakes.js';

const AT = Date.parse('2026-11-20T12:00:00Z');

/** A community whose snapshot holds one member and no quotas; `hosted`: its admins can save settings. */
function community(hosted: boolean) {
  const resources = fakeResources({});
  const source: ReportSource = {
    data: async () => ({
      shifts: [],
      loas: [],
      members: [{ id: 'm1', serverId: 's', roles: ['r1'], createdAt: 1 }],
      roles: [],
      source: { fetchedAt: AT, fromCache: false, stale: false },
      servedAt: AT,
      complete: true,
      requests: 0,
    }),
    settings: async () => DEFAULT_REPORT_SETTINGS,
    ...(hosted ? { saveSettings: async () => {} } : {}),
  };
  return showContext(resources, { reports: source });
}

async function check(hosted: boolean): Promise<string> {
  const payload = await quota.execute({
    interaction: chatInput({ sub: 'check', strings: { period: 'this-week' } }),
    show: community(hosted),
  });
  return payload.embeds?.[0]?.description ?? '';
}

describe('/quota check with no quota set', () => {
  it('single-community mode points to REPORTS_QUOTAS, not to a command that does not exist there', async () => {
    const text = await check(false);
    expect(text).toContain('No member holds a role with a quota');
    expect(text).toContain('REPORTS_QUOTAS');
    expect(text).not.toContain('/rollcall-admin');
  });

  it("hosted mode points to the admins' /rollcall-admin reports", async () => {
    const text = await check(true);
    expect(text).toContain('admins set quotas with /rollcall-admin reports');
    expect(text).not.toContain('REPORTS_QUOTAS');
  });
});

describe('/quota inactive and /shift active through their commands', () => {
  const NOW_S = Math.floor(AT / 1000);
  function snapshot(): ReportSource {
    return {
      data: async () => ({
        shifts: [
          { id: 'run1', memberId: 'm2', createdAt: NOW_S - 3600, endedAt: 0, type: 'Patrol' },
          { id: 'old1', memberId: 'm1', createdAt: NOW_S - 30 * 86_400, endedAt: NOW_S - 30 * 86_400 + 60 },
        ] as never,
        loas: [],
        members: [
          { id: 'm1', serverId: 's', roles: ['r1'], createdAt: 1 },
          { id: 'm2', serverId: 's', roles: ['r1'], createdAt: 1 },
          { id: 'm3', serverId: 's', roles: ['r2'], createdAt: 1 },
        ],
        roles: [
          { id: 'r1', serverId: 's', name: 'Moderator' },
          { id: 'r2', serverId: 's', name: 'Admin' },
        ],
        source: { fetchedAt: AT, fromCache: false, stale: false },
        servedAt: AT,
        complete: true,
        requests: 0,
      }),
      settings: async () => DEFAULT_REPORT_SETTINGS,
    };
  }
  const show = () => showContext(fakeResources({}), { reports: snapshot() });

  it('/quota inactive lists the never-on-duty and the idle, not the one on duty now', async () => {
    const payload = await quota.execute({ interaction: chatInput({ sub: 'inactive' }), show: show() });
    const text = payload.embeds?.[0]?.description ?? '';
    expect(payload.embeds?.[0]?.title).toContain('14 days');
    expect(text).toMatch(/m3.*never on duty/);
    expect(text).toMatch(/m1.*last shift <t:/);
    expect(text).not.toContain('m2');
  });

  it('/quota inactive role: takes a role name in any case, and refuses one that matches nothing', async () => {
    const byName = await quota.execute({
      interaction: chatInput({ sub: 'inactive', strings: { role: 'moderator' }, integers: { days: 7 } }),
      show: show(),
    });
    const text = byName.embeds?.[0]?.description ?? '';
    expect(text).toContain('m1');
    expect(text).not.toContain('m3');
    await expect(
      quota.execute({
        interaction: chatInput({ sub: 'inactive', strings: { role: 'Nobody' } }),
        show: show(),
      }),
    ).rejects.toThrow(/No community role has that name or id/);
  });

  it('/shift active lists the running shift with its member and type', async () => {
    const payload = await shift.execute({ interaction: chatInput({ sub: 'active' }), show: show() });
    const text = payload.embeds?.[0]?.description ?? '';
    expect(payload.embeds?.[0]?.title).toBe('On duty now');
    expect(text).toMatch(/m2.*Patrol.*started <t:\d+:R>.*1h/);
    expect(text).not.toContain('m1');
  });
});
