/**
 * docs/development.md "Adding a read command", proven: a throwaway read (`GET /server/info`, shown by
 * a new `/server info` in one embed) is added to a copy of the sources touching only the files the
 * recipe lists; the types are generated, the whole tree type-checks, and there the read's own test
 * passes, as do the operations table's, the sandbox's conformance to openapi.yaml and the house rules.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const tree = mkdtempSync(join(tmpdir(), 'rollcall-new-read-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const CATALOGUES = {
  de: ['Der Community-Server', 'Den Community-Server anzeigen', 'Server-ID', 'Mitglieder'],
  'es-ES': [
    'El servidor de la comunidad',
    'Mostrar el servidor de la comunidad',
    'ID del servidor',
    'Miembros',
  ],
  fr: ['Le serveur de la communauté', 'Afficher le serveur de la communauté', 'Identifiant', 'Membres'],
  'pt-BR': ['O servidor da comunidade', 'Mostrar o servidor da comunidade', 'ID do servidor', 'Membros'],
} as const;

/** The recipe's files, besides generated/api.ts (which `npm run generate` writes). */
const RECIPE = [
  'openapi.yaml',
  'src/api/operations.ts',
  'commands/server.ts',
  'commands/index.ts',
  'src/render/server.ts',
  'src/i18n/en.ts',
  ...Object.keys(CATALOGUES).map((locale) => `src/i18n/catalogues/${locale}.ts`),
  'test/commands/server.test.ts',
];

function create(file: string, text: string): void {
  writeFileSync(join(tree, file), text);
}

/** Puts `text` after the one `anchor` of `file` (before it when `before`). */
function insert(file: string, anchor: string, text: string, before = false): void {
  const old = readFileSync(join(tree, file), 'utf8');
  if (old.split(anchor).length !== 2) throw new Error(`${file}: "${anchor}" is not there exactly once`);
  writeFileSync(join(tree, file), old.replace(anchor, before ? text + anchor : anchor + text));
}

const errors = Object.entries({
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'TooManyRequests',
  500: 'InternalError',
})
  .map(([status, name]) => `        "${status}":\n          $ref: "#/components/responses/${name}"\n`)
  .join('');

function addTheRead(): void {
  insert(
    'openapi.yaml',
    'components:\n',
    `  /server/info:
    get:
      operationId: getServerInfo
      summary: The community server itself
      responses:
        "200":
          description: Success.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/ServerInfo"
${errors}`,
    true,
  );
  insert(
    'openapi.yaml',
    '\n  schemas:\n',
    `    ServerInfo:
      type: object
      description: The community server.
      required: [id, name]
      properties:
        id: { type: string }
        name: { type: string }
        memberCount: { type: integer, minimum: 0 }
      example: { id: "s1", name: "Sandbox County", memberCount: 80 }
`,
  );
  insert(
    'src/api/operations.ts',
    '} as const satisfies',
    "  getServerInfo: { path: '/server/info', kind: 'item', cache: 'stable' },\n",
    true,
  );
  create(
    'src/render/server.ts',
    `/** The community server: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { ServerInfo } from '../../generated/api.js';
import type { Source } from '../api/pages.js';
import { code, field, plainText } from './format.js';
import type { Labelled } from './labels.js';
import { detailEmbed } from './page.js';

export function renderServerInfo(server: ServerInfo, source: Source & Labelled): APIEmbed {
  const t = source.t;
  const fields = [field(t.server.id, code(server.id)), field(t.server.members, t.f.count(server.memberCount ?? 0))];
  return detailEmbed({ title: plainText(server.name, 200), fields }, source, undefined, undefined, t);
}
`,
  );
  create(
    'commands/server.ts',
    `/** /server: the community server itself. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { ServerInfo } from '../generated/api.js';
import { type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { showDetail } from '../src/discord/paging/show.js';
import type { DetailView } from '../src/discord/paging/views.js';
import { renderServerInfo } from '../src/render/server.js';

const serverView: DetailView<ServerInfo> = {
  kind: 'detail',
  id: 'server',
  fetch: ({ resources }, _arg, options) => resources.getServerInfo(options),
  render: renderServerInfo,
};

const data = defineCommand({
  name: 'server',
  description: 'The community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'info',
      description: 'Show the community server',
      options: [publicOption],
    },
  ],
});

export const server = {
  data,
  views: [serverView],
  execute: ({ show }) => showDetail(serverView, '', show),
} satisfies Command;
`,
  );
  insert(
    'commands/index.ts',
    "import { role } from './role.js';\n",
    "import { server } from './server.js';\n",
    true,
  );
  insert('commands/index.ts', '\n] as const satisfies', '\n  server,', true);
  insert(
    'src/i18n/en.ts',
    'export const ENGLISH_SECTIONS = {',
    `/** /server (src/render/server.ts). */
const server = (_f: Formats) => ({
  id: 'Server id',
  members: 'Members',
});

`,
    true,
  );
  insert('src/i18n/en.ts', '\n  joinRequest,\n', '  server,\n');
  for (const [locale, [what, show, id, members]] of Object.entries(CATALOGUES)) {
    const file = `src/i18n/catalogues/${locale}.ts`;
    const publicText = /'rollcall\.help\.options\.public\.description':\s*('(?:[^'\\]|\\.)*')/.exec(
      readFileSync(join(tree, file), 'utf8'),
    )?.[1];
    insert(
      file,
      '\n  commands: {\n',
      `    'server.description': '${what}',\n    'server.info.description': '${show}',\n` +
        `    'server.info.options.public.description': ${publicText},\n`,
    );
    insert(
      file,
      '\nconst player = ',
      `\nconst server = (_f: Formats): Section<'server'> => ({ id: '${id}', members: '${members}' });\n`,
      true,
    );
    insert(file, '\n    joinRequest,\n', '    server,\n');
  }
  create(
    'test/commands/server.test.ts',
    `import { describe, expect, it } from 'vitest';
import { server } from '../../commands/server.js';
import { chatInput, fakeResources, showContext } from './roster-fakes.js';

describe('/server info', () => {
  it('shows the community server in one embed', async () => {
    const resources = {
      ...fakeResources({}),
      getServerInfo: async () => ({
        data: { id: 's1', name: 'Sandbox County', memberCount: 80 },
        fetchedAt: 1_700_000_000_000,
        fromCache: false,
        stale: false,
      }),
    };
    const payload = await server.execute({ interaction: chatInput({ sub: 'info' }), show: showContext(resources) });
    expect(payload.embeds).toHaveLength(1);
    expect(payload.embeds?.[0]?.title).toBe('Sandbox County');
    expect(payload.embeds?.[0]?.fields?.map((f) => [f.name, f.value])).toEqual([
      ['Server id', '\`s1\`'],
      ['Members', '80'],
    ]);
  });
});
`,
  );
}

describe('a new read', () => {
  it('touches only the recipe’s files, then type-checks and passes its test', async () => {
    const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
    });
    for (const file of stdout.split('\0').filter((f) => f !== '' && f !== 'node_modules')) {
      cpSync(join(root, file), join(tree, file), { recursive: true, dereference: false });
    }
    symlinkSync(realpathSync(join(root, 'node_modules')), join(tree, 'node_modules'));
    const git = (...args: string[]) => run('git', args, { cwd: tree });
    await git('init', '-q');
    await git('add', '-A');
    await git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'before');

    addTheRead();
    await run('npm', ['run', 'generate'], { cwd: tree });
    const { stdout: status } = await git('status', '--porcelain', '--untracked-files=all');
    const touched = status
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
    expect(touched.sort()).toEqual([...RECIPE, 'generated/api.ts'].sort());

    const tsc = await run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: tree }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
    );
    expect(tsc.stdout).toBe('');
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    const tests = [
      'test/commands/server.test.ts',
      'test/api/operations.unit.test.ts',
      'test/doubles/sandbox/openapi-conformance.test.ts',
      'test/unit/house.unit.test.ts',
    ];
    await run('npx', ['vitest', 'run', ...tests], { cwd: tree, env });
  }, 300_000);
});
