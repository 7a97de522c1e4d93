/** Application (form) renderers: API object → embed JSON. Pure. */
import { type APIEmbed, channelMention as discordChannelMention } from 'discord.js';
import type { Application } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import { SNOWFLAKE } from '../base/discord-limits.js';
import type { Words } from '../i18n/words.js';
import { describeEntries, isRecord } from './entries.js';
import {
  code,
  colour,
  field,
  isSetTimestamp,
  NONE,
  plainText,
  safeLine,
  safeText,
  truncate,
} from './format.js';
import { roleMentions } from './inline-list.js';
import { codeLabel, type Labelled } from './labels.js';
import { mark } from './marks.js';
import { detailEmbed, listEmbed } from './page.js';

const COLOUR = 0xfee75c;

/**
 * Budgets (characters) that keep a full application within the 6000-character embed total
 * without dropping fields: the long texts and lists are cut first, with a count of what is left.
 */
const BUDGET = { description: 1000, message: 300, roles: 180, entries: 350 } as const;

/** A Discord channel mention for a snowflake-shaped id; anything else as inline code. */
export function channelMention(id: unknown): string {
  return typeof id === 'string' && SNOWFLAKE.test(id) ? discordChannelMention(id) : code(id);
}

/** The boolean settings of a form, in the order shown (their labels: `t.application.setting`). */
export const APPLICATION_SETTINGS = [
  'requireChatMember',
  'collectGameAccount',
  'stageResponses',
  'requireApprovedReason',
  'requiredDenialReason',
  'revealReviewer',
  'resultsMentionUser',
  'inviteOnApproval',
  'banAppealNote',
] as const satisfies ReadonlyArray<keyof Application & keyof Words['application']['setting']>;

/** The boolean settings as compact "✅ label" / "❌ label" lines; absent ones are left out. */
export function settingsSummary(app: Partial<Application>, t: Words): string {
  const lines: string[] = [];
  for (const key of APPLICATION_SETTINGS) {
    const value = app[key];
    const label = t.application.setting[key];
    if (value === true) lines.push(`${mark('pass')} ${label}`);
    else if (value === false) lines.push(`${mark('fail')} ${label}`);
  }
  return lines.length > 0 ? lines.join('\n') : NONE;
}

/** Yes or No in the reader's words; anything but a boolean → NONE. */
function yesNo(value: unknown, t: Words): string {
  return value === true ? t.common.yes : value === false ? t.common.no : NONE;
}

/** Two role arrays in one field: "Adds: @a @b\nRemoves: @c". */
function rolePair(first: [string, unknown], second: [string, unknown], t: Words): string {
  return [first, second].map(([label, ids]) => `${label}: ${roleMentions(ids, BUDGET.roles, t)}`).join('\n');
}

/**
 * An entry prepared for describeEntry: its most readable keys first (describeEntry shows only the
 * first few scalar pairs, so labels and names win over internal ids). Other values unchanged.
 */
function preferKeys(entry: unknown, keys: readonly string[]): unknown {
  if (!isRecord(entry)) return entry;
  const pairs = Object.entries(entry);
  const first = keys.flatMap((k) => pairs.filter(([key]) => key === k));
  const rest = pairs.filter(([key]) => !keys.includes(key));
  return Object.fromEntries([...first, ...rest]);
}

/** presets / sections (arrays) and questions (an object keyed by id) as counts plus readable content. */
export function describeForm(value: unknown, keys: readonly string[], t: Words): string {
  if (value === undefined || value === null) return NONE;
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  const text = describeEntries(
    list.map((e) => preferKeys(e, keys)),
    BUDGET.entries,
    undefined,
    t,
  );
  return truncate(text, BUDGET.entries);
}

/** One list row: open or closed, title, id, last updated. */
export function applicationRow(app: Partial<Application>, t: Words): string {
  const state =
    app.acceptingResponses === true
      ? `${mark('open')} ${t.application.open}`
      : app.acceptingResponses === false
        ? `${mark('closed')} ${t.application.closed}`
        : NONE;
  const title = safeLine(app.title, 80);
  return [
    `${title === NONE ? t.application.untitled : `**${title}**`} ${code(app.id, 40)}`,
    state,
    t.application.updated(t.f.date(isSetTimestamp(app.lastUpdated) ? app.lastUpdated : app.createdAt)),
  ].join(' · ');
}

export function renderApplicationList(
  items: Application[],
  info: PageInfo,
  source: Source & Labelled,
): APIEmbed {
  const t = source.t;
  return listEmbed({
    title: t.application.title,
    rows: items.map((app) => applicationRow(app, t)),
    info,
    total: t.application.count(info.total),
    source,
    emptyText: t.application.empty,
    colour: COLOUR,
    t,
  });
}

export function renderApplication(app: Application, source: Source & Labelled): APIEmbed {
  const t = source.t;
  const w = t.application;
  const title = safeLine(app.title, 200);
  const appeal = codeLabel(source.labels, 'banAppeal', app.banAppeal) ?? NONE;
  return detailEmbed(
    {
      title: w.detailTitle(title === NONE ? safeLine(app.id, 200) : title),
      description: safeText(app.description, BUDGET.description),
      color: colour(app.color) ?? COLOUR,
      fields: [
        field(w.id, code(app.id)),
        field(w.acceptingResponses, yesNo(app.acceptingResponses, t)),
        field(w.banAppeal, appeal),
        field(w.cooldown, t.f.duration(app.cooldown)),
        field(w.maxLogs, t.f.count(app.maxLogs)),
        field(w.minMembership, t.f.duration(app.guildMemberAge)),
        field(w.resultsChannel, channelMention(app.resultsChannelId)),
        field(w.eventsChannel, channelMention(app.eventsChannelId)),
        field(w.gameGroup, code(app.gameGroupId)),
        field(w.created, t.f.when(app.createdAt)),
        field(w.lastUpdated, t.f.when(app.lastUpdated)),
        field(w.banner, code(app.bannerKey, 200)),
        field(w.settings, settingsSummary(app, t), false),
        field(
          w.onApproval,
          rolePair([w.adds, app.approvalRoles], [w.removes, app.acceptanceRemoveRoles], t),
          false,
        ),
        field(w.onDenial, rolePair([w.adds, app.denialRoles], [w.removes, app.denialRemoveRoles], t), false),
        field(
          w.reviewers,
          rolePair([w.review, app.reviewerRoles], [w.reviewOnly, app.reviewOnlyRoles], t),
          false,
        ),
        field(
          w.applicants,
          rolePair([w.mustHave, app.requiredChatRoles], [w.mustNotHave, app.blockedChatRoles], t),
          false,
        ),
        field(w.mentionedOnSubmit, roleMentions(app.submitMentionRoles, BUDGET.roles * 2, t), false),
        field(w.closedMessage, safeText(app.closedMessage, BUDGET.message), false),
        field(w.submissionMessage, safeText(app.submissionMessage, BUDGET.message), false),
        field(w.sections, describeForm(app.sections, ['title', 'name', 'description'], t), false),
        field(w.questions, describeForm(app.questions, ['label', 'title', 'type', 'required'], t), false),
        field(w.presets, describeForm(app.presets, ['name', 'type', 'reason'], t), false),
      ],
    },
    source,
    w.server(plainText(app.serverId, 40)),
    undefined,
    t,
  );
}
