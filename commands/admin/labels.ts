/**
 * /rollcall-admin labels: the names this community gives its integer codes (log types, LOA status
 * and start type, audit types, ban appeal); with no option, the labels now set. A code without a
 * label is shown as its number.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { argumentsOf, defineCommand, type ServerCommand } from '../../src/discord/command.js';
import { say, type Text, textPayload, UserError } from '../../src/discord/replies.js';
import { safeLine, truncate } from '../../src/render/format.js';
import {
  CODE_PATTERN,
  CODE_TABLE_NAMES,
  CODE_TABLES,
  type CodeLabels,
  type CodeTable,
  codeLabel,
  codeTableName,
  labelProblem,
  MAX_LABEL_LENGTH,
} from '../../src/render/labels.js';
import { ADMIN_BASE, ADMIN_ROUTE, type Links } from './command.js';

/** Labels one table may hold (the store refuses more). */
export const MAX_LABELS_PER_TABLE = 100;

export const labelsDefinition = defineCommand({
  ...ADMIN_BASE,
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'labels',
      description: "Name this community's integer codes (log types, LOA status…); no option: show them",
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'table',
          description: 'Which codes',
          required: false,
          choices: CODE_TABLES.map((table) => ({ name: CODE_TABLE_NAMES[table], value: table })),
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'code',
          description: 'The code number, like 3',
          required: false,
          max_length: 20,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'label',
          description: `What the community calls it (1 to ${MAX_LABEL_LENGTH} characters, plain text)`,
          required: false,
          max_length: 100,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'clear',
          description: "Remove the code's label (with no code: every label of the table)",
          required: false,
        },
      ],
    },
  ],
});

export function createLabelsCommand(links: Links): ServerCommand {
  return {
    ...ADMIN_ROUTE,
    data: labelsDefinition,
    async execute({ interaction, guildId }) {
      const args = argumentsOf(interaction, labelsDefinition);
      const table = args.string('table') as CodeTable | null;
      const codeText = args.string('code')?.trim() ?? null;
      const labelText = args.string('label');
      const clear = args.boolean('clear') === true;
      const current = (await links.settings(guildId)).labels;
      if (table === null && codeText === null && labelText === null && !clear)
        return textPayload(labelsState(current));
      const change = checkLabelChange(table, codeText, labelText, clear, current);
      if (typeof change === 'function') throw new UserError(change);
      const { table: t, code, label } = change;
      const named = { ...(current[t] ?? {}) };
      if (code === undefined) for (const key of Object.keys(named)) delete named[key];
      else if (label === undefined) delete named[code];
      else named[code] = label;
      const next: CodeLabels = { ...current, [t]: named };
      await links.saveSettings(guildId, { labels: next });
      if (code === undefined) return textPayload(say.labelsTableCleared((w) => codeTableName(t, w)));
      if (label === undefined) return textPayload(say.labelCleared(code));
      return textPayload(say.labelSaved(code, codeLabel(next, t, Number(code)) ?? code));
    },
  };
}

/**
 * The change an admin asked for in `/rollcall-admin labels` (code undefined: clear the table;
 * label undefined: clear the code), or the one sentence saying what is wrong (its words).
 */
function checkLabelChange(
  table: CodeTable | null,
  codeText: string | null,
  labelText: string | null,
  clear: boolean,
  current: CodeLabels,
): Text | { table: CodeTable; code: string | undefined; label: string | undefined } {
  if (table === null || !CODE_TABLES.includes(table)) return say.labelNeedsTable;
  if (labelText !== null && clear) return say.labelBoth;
  if (codeText === null) return clear ? { table, code: undefined, label: undefined } : say.labelNeedsCode;
  if (!CODE_PATTERN.test(codeText)) return say.labelBadCode;
  // One spelling per code: "03" and "3" name the same code.
  const code = String(Number(codeText));
  if (clear) return { table, code, label: undefined };
  if (labelText === null) return say.labelNeedsText;
  const problem = labelProblem(labelText);
  if (problem === 'length') return say.labelBadLength(MAX_LABEL_LENGTH);
  if (problem === 'markup') return say.labelBadText;
  const named = current[table] ?? {};
  if (!Object.hasOwn(named, code) && Object.keys(named).length >= MAX_LABELS_PER_TABLE)
    return say.labelTooMany(MAX_LABELS_PER_TABLE);
  return { table, code, label: labelText.trim() };
}

/** The labels now set, table by table (each named in the admin's words), escaped like API text. */
function labelsState(labels: CodeLabels): Text {
  const tables = CODE_TABLES.map((table) => ({
    table,
    labels: Object.entries(labels[table] ?? {})
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([code, label]) => [code, safeLine(label, MAX_LABEL_LENGTH)] as [string, string]),
  }));
  return (t) =>
    truncate(
      t.sentences.labelsState(tables.map(({ table, labels }) => ({ name: t.labels.table[table], labels }))),
      2000,
    );
}
