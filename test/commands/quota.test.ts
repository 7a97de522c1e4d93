/** /quota check through its command: where quotas are set, said right in each mode. */
import { describe, expect, it } from 'vitest';
import { quota } from '../../commands/quota.js';
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
