import { describe, expect, it } from 'vitest';
import { application } from '../../commands/application.js';
import type { Application } from '../../generated/api.js';
import { UserError } from '../../src/discord/replies.js';
import {
  autocompleteInput,
  type Call,
  chatInput,
  fakeResources,
  optionNames,
  selectOptions,
  showContext,
} from './roster-fakes.js';

const apps: Application[] = [
  { id: 'a-staff', serverId: 's', title: 'Staff Application', acceptingResponses: true },
  { id: 'a-appeal', serverId: 's', title: 'Ban Appeal', acceptingResponses: false },
  { id: 'a-chat', serverId: 's', title: 'Chat Ban Appeal' },
  ...Array.from({ length: 40 }, (_, i) => ({ id: `a${i}`, serverId: 's', title: `Form ${i}` })),
];

function run(input: Parameters<typeof chatInput>[0], calls: Call[] = []) {
  const show = showContext(fakeResources({ applications: apps }, calls));
  return application.execute({ interaction: chatInput(input), show });
}

describe('/application', () => {
  it('registers application.all and application; public on each subcommand', () => {
    expect(application.views.map((v) => v.id)).toEqual(['application.all', 'application']);
    for (const s of application.data.options ?? []) expect(optionNames(s).at(-1)).toBe('public');
  });

  it('autocompletes titles to ids, case-insensitively, at most 25', async () => {
    const show = showContext(fakeResources({ applications: apps }));
    const appeal = await application.autocomplete?.({
      interaction: autocompleteInput('application', 'APPEAL'),
      show,
    });
    expect(appeal).toEqual([
      { name: 'Ban Appeal', value: 'a-appeal' },
      { name: 'Chat Ban Appeal', value: 'a-chat' },
    ]);
    const all = await application.autocomplete?.({ interaction: autocompleteInput('application', ''), show });
    expect(all).toHaveLength(25);
  });

  it('views a picked form, a title typed in full, or a raw id', async () => {
    const calls: Call[] = [];
    await run({ sub: 'view', strings: { application: 'a-staff' } }, calls);
    await run({ sub: 'view', strings: { application: 'chat ban appeal' } }, calls);
    expect(calls.filter((c) => c.method === 'getApplication').map((c) => c.args[0])).toEqual([
      'a-staff',
      'a-chat',
    ]);
    await expect(run({ sub: 'view', strings: { application: 'nope' } })).rejects.toThrow(
      new UserError('No application with that id or title was found on this community server.'),
    );
  });

  it('two forms with the same title: choices show ids, a typed title lists both', async () => {
    const twins: Application[] = [
      { id: 'a-1', serverId: 's', title: 'Staff' },
      { id: 'a-2', serverId: 's', title: 'Staff' },
    ];
    const show = showContext(fakeResources({ applications: twins }));
    expect(
      await application.autocomplete?.({ interaction: autocompleteInput('application', 'sta'), show }),
    ).toEqual([
      { name: 'Staff (a-1)', value: 'a-1' },
      { name: 'Staff (a-2)', value: 'a-2' },
    ]);
    await expect(
      application.execute({
        interaction: chatInput({ sub: 'view', strings: { application: 'staff' } }),
        show,
      }),
    ).rejects.toThrow(
      new UserError(
        'staff is the name of 2 application forms: Staff (`a-1`), Staff (`a-2`). Pick one from the list, or give its id.',
      ),
    );
  });

  it('lists forms with an Open select', async () => {
    const payload = await run({ sub: 'list' });
    expect(payload.embeds?.[0]?.description).toContain('**Staff Application** `a-staff` · 🟢 Open');
    const options = selectOptions(payload);
    expect(options.find((o) => o.value === 'a-appeal')?.description).toBe('a-appeal · Closed');
    expect(options.find((o) => o.value === 'a-staff')?.description).toBe('a-staff · Accepting responses');
    expect(options.find((o) => o.value === 'a-chat')?.description).toBe('a-chat');
  });
});
