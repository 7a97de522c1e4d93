/** Application (form) renderers: API object → embed JSON. Pure. */
import { type APIEmbed, channelMention as discordChannelMention } from 'discord.js';
import type { Application } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import { SNOWFLAKE } from '../discord-limits.js';
import { describeEntries, isRecord } from './entries.js';
import {
  code,
  colour,
  duration,
  field,
  formatCount,
  isSetTimestamp,
  NONE,
  plainText,
  safeLine,
  safeText,
  shortDate,
  timestamp,
  truncate,
  yesNo,
} from './format.js';
import { roleMentions } from './inline-list.js';
import { codeLabel, type Labelled } from './labels.js';
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

/** The boolean settings of a form, in the order shown, with their labels. */
export const APPLICATION_SETTINGS = [
  ['requireChatMember', 'Must be in the Discord server'],
  ['collectGameAccount', 'Collects the game account'],
  ['stageResponses', 'Staged responses'],
  ['requireApprovedReason', 'Reason required to approve'],
  ['requiredDenialReason', 'Reason required to deny'],
  ['revealReviewer', 'Reveals the reviewer'],
  ['resultsMentionUser', 'Results mention the applicant'],
  ['inviteOnApproval', 'Invite on approval'],
  ['banAppealNote', 'Ban-appeal note'],
] as const satisfies ReadonlyArray<readonly [keyof Application, string]>;

/** The boolean settings as compact "✅ label" / "❌ label" lines; absent ones are left out. */
export function settingsSummary(app: Partial<Application>): string {
  const lines: string[] = [];
  for (const [key, label] of APPLICATION_SETTINGS) {
    const value = app[key];
    if (value === true) lines.push(`✅ ${label}`);
    else if (value === false) lines.push(`❌ ${label}`);
  }
  return lines.length > 0 ? lines.join('\n') : NONE;
}

/** Two role arrays in one field: "Adds: @a @b\nRemoves: @c". */
function rolePair(first: [string, unknown], second: [string, unknown]): string {
  return [first, second].map(([label, ids]) => `${label}: ${roleMentions(ids, BUDGET.roles)}`).join('\n');
}

/**
 * An entry prepared for describeEntry: its most readable keys first (describeEntry shows only the
 * first few scalar pairs, so labels and names win over internal ids). Other values unchanged.
 */
export function preferKeys(entry: unknown, keys: readonly string[]): unknown {
  if (!isRecord(entry)) return entry;
  const pairs = Object.entries(entry);
  const first = keys.flatMap((k) => pairs.filter(([key]) => key === k));
  const rest = pairs.filter(([key]) => !keys.includes(key));
  return Object.fromEntries([...first, ...rest]);
}

/** presets / sections (arrays) and questions (an object keyed by id) as counts plus readable content. */
export function describeForm(value: unknown, keys: readonly string[]): string {
  if (value === undefined || value === null) return NONE;
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  const text = describeEntries(
    list.map((e) => preferKeys(e, keys)),
    BUDGET.entries,
  );
  return truncate(text, BUDGET.entries);
}

/** One list row: open or closed, title, id, last updated. */
export function applicationRow(app: Partial<Application>): string {
  const state =
    app.acceptingResponses === true ? '🟢 Open' : app.acceptingResponses === false ? '🔴 Closed' : NONE;
  const title = safeLine(app.title, 80);
  return [
    `${title === NONE ? 'Untitled' : `**${title}**`} ${code(app.id, 40)}`,
    state,
    `updated ${shortDate(isSetTimestamp(app.lastUpdated) ? app.lastUpdated : app.createdAt)}`,
  ].join(' · ');
}

export function renderApplicationList(items: Application[], info: PageInfo, source: Source): APIEmbed {
  return listEmbed({
    title: 'Applications',
    rows: items.map(applicationRow),
    info,
    noun: info.total === 1 ? 'application' : 'applications',
    source,
    emptyText: 'No applications found.',
    colour: COLOUR,
  });
}

export function renderApplication(app: Application, source: Source & Labelled): APIEmbed {
  const title = safeLine(app.title, 200);
  const appeal = codeLabel(source.labels, 'banAppeal', app.banAppeal) ?? NONE;
  return detailEmbed(
    {
      title: `Application: ${title === NONE ? safeLine(app.id, 200) : title}`,
      description: safeText(app.description, BUDGET.description),
      color: colour(app.color) ?? COLOUR,
      fields: [
        field('Id', code(app.id)),
        field('Accepting responses', yesNo(app.acceptingResponses)),
        field('Ban appeal', appeal),
        field('Cooldown', duration(app.cooldown)),
        field(
          'Max logs',
          typeof app.maxLogs === 'number' && Number.isFinite(app.maxLogs) ? formatCount(app.maxLogs) : NONE,
        ),
        field('Min. Discord membership', duration(app.guildMemberAge)),
        field('Results channel', channelMention(app.resultsChannelId)),
        field('Events channel', channelMention(app.eventsChannelId)),
        field('Game group', code(app.gameGroupId)),
        field('Created', timestamp(app.createdAt)),
        field('Last updated', timestamp(app.lastUpdated)),
        field('Banner', code(app.bannerKey, 200)),
        field('Settings', settingsSummary(app), false),
        field(
          'On approval',
          rolePair(['Adds', app.approvalRoles], ['Removes', app.acceptanceRemoveRoles]),
          false,
        ),
        field('On denial', rolePair(['Adds', app.denialRoles], ['Removes', app.denialRemoveRoles]), false),
        field(
          'Reviewers',
          rolePair(['Review', app.reviewerRoles], ['Review only', app.reviewOnlyRoles]),
          false,
        ),
        field(
          'Applicants',
          rolePair(['Must have', app.requiredChatRoles], ['Must not have', app.blockedChatRoles]),
          false,
        ),
        field('Mentioned on submit', roleMentions(app.submitMentionRoles, BUDGET.roles * 2), false),
        field('Closed message', safeText(app.closedMessage, BUDGET.message), false),
        field('Submission message', safeText(app.submissionMessage, BUDGET.message), false),
        field('Sections', describeForm(app.sections, ['title', 'name', 'description']), false),
        field('Questions', describeForm(app.questions, ['label', 'title', 'type', 'required']), false),
        field('Presets', describeForm(app.presets, ['name', 'type', 'reason']), false),
      ],
    },
    source,
    `Server ${plainText(app.serverId, 40)}`,
  );
}
