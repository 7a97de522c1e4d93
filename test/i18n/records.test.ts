/**
 * The records screens in the reader's language: the moderation log (list, search, one log), the
 * audit log (list, one entry), applications (list, one form), a join request and "Check player"
 * (the names a message gives, a player's record, its modal), rendered through the views as a
 * moderator sees them (embed, buttons, "Open…" options). In German and French, the interface words
 * are theirs and none of the English ones is left; in the pseudo-locale, every letter outside
 * ⟦brackets⟧ is the API's data.
 */
import type { APIModalInteractionResponseCallbackData } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { applicationDetailView, applicationListView } from '../../commands/application.js';
import { auditDetailView, auditListView } from '../../commands/audit-log.js';
import { joinRequestView } from '../../commands/join-request.js';
import { logDetailView, logSearchView, logUserView, searchArg } from '../../commands/log.js';
import { checkPlayer, playerPickView, playerView } from '../../commands/player.js';
import { joinArg } from '../../commands/report-data.js';
import type { Application, AuditLogEntry, JoinRequest, Log } from '../../generated/api.js';
import { ApiError } from '../../src/api/errors.js';
import type { Fetched, PageQuery, Resources } from '../../src/api/types.js';
import { askModal } from '../../src/discord/paging/controller.js';
import { showDetail, showList } from '../../src/discord/paging/show.js';
import type { ShowContext } from '../../src/discord/paging/views.js';
import type { Payload } from '../../src/discord/replies.js';
import { errorText } from '../../src/discord/replies.js';
import {
  ENGLISH,
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
  pseudoWords,
  type Words,
  wordsFor,
} from '../../src/i18n/words.js';
import { CODE_TABLES, codeTableName } from '../../src/render/labels.js';
import { personPlain } from '../../src/render/people.js';
import { fakeResources, OWNER, showContext } from '../commands/roster-fakes.js';

/** The test's clock: bans are said as of when the answer is shown, so the data is dated around now. */
const T = Math.floor(Date.now() / 1000);
const USER = '223456789012345678';

/** What the API gives: names and texts are data, never translated. */
const DATA = [
  'g7',
  'x3',
  'Bob_1',
  'Alice_2',
  'Kicked',
  'Spam',
  'Staff',
  'srv',
  'l1',
  'l2',
  'e1',
  'a1',
  'a2',
  'JOIN42',
];

const logs: Log[] = [
  {
    id: 'l1',
    serverId: 'srv',
    username: 'Bob_1',
    gameId: 'g7',
    type: 3,
    typeId: 'x3',
    text: 'Kicked',
    description: 'Spam',
    createdAt: T - 3600,
    createdBy: USER,
    hidden: true,
    expired: false,
    expiredAt: 0,
    tempBan: true,
    unbanAt: T + 86_400,
  } as Log,
  {
    id: 'l2',
    serverId: 'srv',
    username: 'Bob_1',
    type: 5,
    text: 'Spam',
    createdAt: T - 7200,
    tempBan: false,
  } as Log,
];

const entries: AuditLogEntry[] = [
  { id: 'e1', serverId: 'srv', type: 4, userId: USER, timestamp: T - 60, description: { Staff: 'Kicked' } },
];

const applications: Application[] = [
  {
    id: 'a1',
    serverId: 'srv',
    title: 'Staff',
    acceptingResponses: true,
    cooldown: 90_000,
    maxLogs: 1234,
    guildMemberAge: 3600,
    requireChatMember: true,
    revealReviewer: false,
    approvalRoles: [USER],
    createdAt: T - 86_400,
    lastUpdated: T - 3600,
  } as Application,
  { id: 'a2', serverId: 'srv', acceptingResponses: false } as Application,
];

const joinRequests: JoinRequest[] = [
  { userId: USER, serverId: 'srv', joinCode: 'JOIN42', createdAt: T - 600 } as JoinRequest,
];

function fetched<D>(data: D): Fetched<D> {
  return { data, fetchedAt: T * 1000, fromCache: false, stale: false };
}

function page<I>(items: I[], query: PageQuery) {
  const start = (query.page - 1) * query.limit;
  return fetched({
    data: items.slice(start, start + query.limit),
    page: query.page,
    pageSize: query.limit,
    total: items.length,
    totalPages: Math.max(1, Math.ceil(items.length / query.limit)),
  });
}

function resources(userLogs: Log[] = logs): Resources {
  return {
    ...fakeResources({ applications, joinRequests }),
    listUserLogs: async (_username: string, query: PageQuery) => page(userLogs, query),
    getLog: async (id: string) => {
      const found = logs.find((l) => l.id === id);
      if (!found) throw new ApiError('http', 'API answered 404', { status: 404 });
      return fetched(found);
    },
    listAuditLogs: async (query: PageQuery) => page(entries, query),
  } as Resources;
}

function context(t: Words, userLogs: Log[] = logs): ShowContext {
  return { ...showContext(resources(userLogs)), t };
}

/**
 * Every text a moderator reads in a payload: embeds and components (labels, options, placeholders),
 * not custom_ids, timestamps or what a select option sends back (its `value`).
 */
function textsOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string')
    return ['custom_id', 'url', 'timestamp', 'content'].includes(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => textsOf(v, key));
  if (value !== null && typeof value === 'object') {
    const option = 'label' in value && 'value' in value;
    return Object.entries(value).flatMap(([k, v]) => (option && k === 'value' ? [] : textsOf(v, k)));
  }
  return [];
}

/** Every screen of this area, as shown to a moderator reading `t`. */
async function screens(
  t: Words,
): Promise<Array<[string, Payload | APIModalInteractionResponseCallbackData | string]>> {
  const ctx = context(t);
  const search = searchArg({ username: 'Bob_1', type: 3, since: T - 86_400, savedOnlyUntil: T + 600 });
  return [
    ['log list', await showList(logUserView, ctx, { arg: 'Bob_1' })],
    ['log list, empty', await showList(logUserView, context(t, []), { arg: 'Bob_1' })],
    ['log search', await showList(logSearchView, ctx, { arg: search })],
    ['one log', await showDetail(logDetailView, 'l1', ctx)],
    ['one log, no ban', await showDetail(logDetailView, 'l2', ctx)],
    ['log not found', await showDetail(logDetailView, 'nope', ctx).catch((e: unknown) => errorText(e)(t))],
    ['audit log', await showList(auditListView, ctx)],
    ['audit entry', await showDetail(auditDetailView, '1:e1', ctx)],
    ['applications', await showList(applicationListView, ctx)],
    ['one application', await showDetail(applicationDetailView, 'a1', ctx)],
    [
      'application not found',
      await showDetail(applicationDetailView, 'zz', ctx).catch((e: unknown) => errorText(e)(t)),
    ],
    ['join request', await showDetail(joinRequestView, USER, ctx)],
    [
      'join request not found',
      await showDetail(joinRequestView, '323456789012345678', ctx).catch((e: unknown) => errorText(e)(t)),
    ],
    ['player', await showDetail(playerView, 'Bob_1', ctx)],
    ['players named', await showList(playerPickView, ctx, { arg: joinArg(['Bob_1', 'Alice_2']) })],
    ['Check player', await checkPlayer.execute({ message: { content: 'Player: Bob_1' }, show: ctx })],
    ['Check player modal', checkPlayer.modal?.({ message: { content: '' }, owner: OWNER, t }) ?? ''],
    ['ask modal', askModal(playerView, OWNER, t)],
    ['member, plain', personPlain('65a1b2c3d4e5f60718293a4b', undefined, undefined, 100, t)],
    ['code tables', CODE_TABLES.map((table) => codeTableName(table, t)).join('\n')],
  ];
}

/** The English of this area's sections (strings, and sentences said with a sample value). */
function englishOf(t: Words): string[] {
  const sections = ['log', 'auditLog', 'application', 'joinRequest', 'player', 'people', 'labels'] as const;
  const leaves = (en: unknown, other: unknown): string[] => {
    if (typeof en === 'string') return en === other ? [] : [en];
    if (typeof en === 'function') {
      const a = String(en('§', '§', 2, T));
      if (typeof other === 'function' && a === String(other('§', '§', 2, T))) return [];
      return a.split('§').filter((p) => p.trim().length >= 4);
    }
    if (en !== null && typeof en === 'object')
      return Object.keys(en).flatMap((k) => leaves((en as never)[k], (other as never)?.[k]));
    return [];
  };
  // A phrase the language itself uses ("Log" in German "Audit-Log") is not English left over.
  const own = sections.flatMap((s) => leaves(t[s], undefined)).join('\n');
  return sections.flatMap((s) => leaves(ENGLISH[s], t[s])).filter((phrase) => !own.includes(phrase));
}

describe.each([
  [
    'de',
    [
      'Moderationsprotokolle von Bob\\_1',
      'Erstellt von',
      'Zeitweiliger Bann bis',
      'Noch in Kraft',
      'Audit-Log',
      'Bewerbungen',
      'Nimmt Antworten an',
      'Beitrittsanfrage',
      'Spieler Bob\\_1',
      'Nach Typ',
      'Spielernamen eingeben…',
      'Nur gespeicherte Seiten',
      'Alle Protokolle dieses Spielers',
      'Mitgliedsakte',
      'Muss auf dem Discord-Server sein',
      '2 Protokolle',
      '1.234',
      '1 T 1 Std.',
    ],
  ],
  [
    'fr',
    [
      'Journaux de modération de Bob\\_1',
      'Créé par',
      "Bannissement temporaire jusqu'au",
      'Toujours en vigueur',
      "Journal d'audit",
      'Candidatures',
      'Accepte des réponses',
      "Demande d'adhésion",
      'Joueur Bob\\_1',
      'Par type',
      'Saisir un nom…',
      'Pages enregistrées seulement',
      'Tous les journaux de ce joueur',
      'Fiche du membre',
      'Doit être sur le serveur Discord',
      '2 journaux',
      '1 234',
      '1 j 1 h',
    ],
  ],
  [
    'es-ES',
    [
      'Registros de moderación de Bob\\_1',
      'Baneo temporal hasta',
      'Registro de auditoría',
      'Acepta respuestas',
      'Jugador Bob\\_1',
      'Escribir un nombre…',
      // Spanish groups thousands from five digits on.
      'Máx. registros\n1234',
    ],
  ],
  [
    'pt-BR',
    [
      'Registros de moderação de Bob\\_1',
      'Banimento temporário até',
      'Registro de auditoria',
      'Aceitando respostas',
      'Jogador Bob\\_1',
      'Digitar um nome…',
      '1.234',
    ],
  ],
] as const)('the records screens in %s', (locale, expected) => {
  const t = wordsFor(locale);

  it('say their interface words in the language and none in English', async () => {
    const all = (await screens(t)).map(([name, shown]) => [name, textsOf(shown).join('\n')] as const);
    const text = all.map(([, s]) => s).join('\n');
    for (const word of expected)
      expect(text.replaceAll('\u202f', ' ').replaceAll('\u00a0', ' '), word).toContain(word);
    const english = englishOf(t);
    expect(english.length).toBeGreaterThan(100);
    for (const [name, shown] of all)
      for (const phrase of english) expect(shown.includes(phrase), `${name}: "${phrase}"`).toBe(false);
  });
});

describe('the records screens in the pseudo-locale', () => {
  it('leave no letter outside ⟦brackets⟧ but the API data', async () => {
    const t = pseudoWords();
    for (const [name, shown] of await screens(t)) {
      let rest = textsOf(shown).join('\n');
      // Brackets nest when a sentence is given another's words: strip the innermost first.
      const inner = new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g');
      while (inner.test(rest)) rest = rest.replace(inner, ' ');
      rest = rest.replace(/<[^<>\s]+>/g, ' ').replace(/`[^`]*`/g, ' ');
      // Days and lengths of time are the formats' (English ones here), not words.
      rest = rest.replace(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/g, ' ').replace(/\b\d+[dhms]\b/g, ' ');
      for (const value of DATA) rest = rest.replaceAll(value, ' ').replaceAll(value.replace('_', '\\_'), ' ');
      expect(rest.match(/\p{L}+/gu) ?? [], name).toEqual([]);
    }
  });
});

describe('the English screens', () => {
  it('still read as before', async () => {
    const shown = new Map(await screens(ENGLISH));
    const text = (name: string) => textsOf(shown.get(name)).join('\n');
    expect(text('log list')).toContain('Moderation logs of Bob\\_1');
    expect(text('log list')).toContain('2 logs');
    expect(text('one log')).toContain('Temporary ban until');
    expect(text('log not found')).toBe('No moderation log with that id was found on this community server.');
    expect(text('Check player')).toContain('Type a username…');
    expect(text('member, plain')).toBe('member …18293a4b');
  });
});
