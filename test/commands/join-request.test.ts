import { describe, expect, it } from 'vitest';
import { joinRequest } from '../../commands/join-request.js';
import { UserError } from '../../src/discord/replies.js';
import { type Call, chatInput, fakeResources, linkOf, optionNames, showContext } from './roster-fakes.js';

const requests = [
  { userId: '444444444444444444', serverId: 's', joinCode: 'XYZ', createdAt: 1_700_000_000 },
  { userId: 'legacy_user', serverId: 's', joinCode: 'ABC' },
];

function run(input: Parameters<typeof chatInput>[0], calls: Call[] = []) {
  const show = showContext(fakeResources({ joinRequests: requests }, calls));
  return joinRequest.execute({ interaction: chatInput(input), show });
}

describe('/join-request', () => {
  it('registers the join-request view; public on its subcommand', () => {
    expect(joinRequest.views.map((v) => v.id)).toEqual(['join-request']);
    for (const s of joinRequest.data.options ?? []) expect(optionNames(s).at(-1)).toBe('public');
  });

  it('looks up by Discord user id', async () => {
    const calls: Call[] = [];
    const payload = await run({ sub: 'view', users: { user: '444444444444444444' } }, calls);
    expect(calls[0]).toMatchObject({ method: 'getJoinRequest', args: ['444444444444444444', {}] });
    const f = Object.fromEntries((payload.embeds?.[0]?.fields ?? []).map((x) => [x.name, x.value]));
    expect(f.User).toBe('<@444444444444444444>');
    expect(f['Join code']).toBe('`XYZ`');
    expect(await linkOf(payload, 'Member record', showContext(fakeResources({})))).toEqual({
      view: 'member.chat',
      arg: '444444444444444444',
    });
  });

  it('accepts any valid id typed as user-id', async () => {
    const payload = await run({ sub: 'view', strings: { 'user-id': ' legacy_user ' } });
    expect(payload.embeds?.[0]?.fields?.[0]?.value).toBe('`legacy_user`');
    expect(payload.components).toEqual([]);
  });

  it('says clearly when there is no join request, and wants exactly one option', async () => {
    await expect(run({ sub: 'view', users: { user: '555555555555555555' } })).rejects.toThrow(
      new UserError('No join request from that user was found on this community server.'),
    );
    await expect(run({ sub: 'view' })).rejects.toThrow(UserError);
    await expect(
      run({ sub: 'view', users: { user: '555555555555555555' }, strings: { 'user-id': 'x' } }),
    ).rejects.toThrow(UserError);
    await expect(run({ sub: 'view', strings: { 'user-id': '../x' } })).rejects.toThrow(UserError);
  });
});
