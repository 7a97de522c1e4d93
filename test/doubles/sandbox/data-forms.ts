/**
 * Application forms, audit-log entries and join requests.
 */
import { AUDIT_LOG_TYPE, BAN_APPEAL } from './codes.js';
import { DAY, type GenContext, HISTORY_SECONDS, hexColour, omitUnset } from './data-context.js';
import type {
  JsonObject,
  SandboxApplication,
  SandboxAuditLogEntry,
  SandboxJoinRequest,
  SandboxLog,
  SandboxRole,
} from './types.js';

const APPLICATION_TITLES = [
  'Staff Application',
  'Ban Appeal',
  'Event Team Application',
  'Developer Application',
  'Department Transfer',
  'Chat Ban Appeal',
  'Partnership Request',
  'Media Team Application',
];

const QUESTION_LABELS = [
  'How old are you?',
  'What is your time zone?',
  'Why do you want to join the team?',
  'Describe a situation where you resolved a conflict.',
  'How active can you be per week?',
  'Have you been punished before? Explain.',
  'What would you do if you saw a staff member abusing their powers?',
  'Anything else we should know?',
  'Link your previous experience (if any).',
  'Why should your ban be lifted?',
];

const PRESETS = [
  { name: 'Accepted', type: 'approve' },
  { name: 'Accepted (trial)', type: 'approve' },
  { name: 'Denied - age', type: 'deny' },
  { name: 'Denied - effort', type: 'deny' },
  { name: 'Needs interview', type: 'deny' },
] as const;

/** Application forms with presets, sections and questions that reference each other. */
export function buildApplications(
  ctx: GenContext,
  count: number,
  chatRoleIds: readonly string[],
): SandboxApplication[] {
  const { rng, text, faker, baseTime } = ctx;
  const roleIds = (max: number): string[] => rng.sample(chatRoleIds, rng.int(0, max));
  return Array.from({ length: count }, (_, index): SandboxApplication => {
    const createdAt = baseTime - rng.int(30 * DAY, HISTORY_SECONDS);
    const title = APPLICATION_TITLES[index] ?? `${faker.word.adjective()} application`;
    const appeal = /appeal/i.test(title);
    const sections: JsonObject[] = [];
    const questions: JsonObject = {};
    for (let s = rng.int(1, 4); s > 0; s--) {
      const sectionId = ctx.id(createdAt);
      const questionIds: string[] = [];
      for (let q = rng.int(1, 5); q > 0; q--) {
        const questionId = ctx.id(createdAt);
        questionIds.push(questionId);
        const type = rng.pick(['short', 'paragraph', 'select', 'checkbox', 'number'] as const);
        questions[questionId] = {
          id: questionId,
          sectionId,
          type,
          label: rng.pick(QUESTION_LABELS),
          description: rng.chance(0.3) ? text.tricky() : '',
          required: rng.chance(0.7),
          options: type === 'select' || type === 'checkbox' ? ['Yes', 'No', 'Maybe', faker.word.noun()] : [],
          maxLength: type === 'paragraph' ? rng.pick([1000, 2000, 4000]) : type === 'short' ? 100 : null,
        };
      }
      sections.push({
        id: sectionId,
        title: rng.chance(0.8) ? `${faker.word.adjective()} questions` : text.tricky(),
        description: rng.chance(0.5) ? text.sentence() : '',
        questionIds,
      });
    }
    const presets: JsonObject[] = Array.from({ length: rng.int(0, 4) }, () => ({
      id: ctx.id(createdAt),
      ...rng.pick(PRESETS),
      reason: rng.chance(0.3) ? text.tricky() : text.sentence(),
    }));
    return {
      id: ctx.id(createdAt),
      serverId: ctx.serverId,
      title,
      description: rng.chance(0.4) ? text.tricky() : text.sentence(),
      color: hexColour(rng),
      bannerKey: rng.chance(0.5) ? `banners/${rng.hex(24)}.png` : '',
      createdAt,
      lastUpdated: createdAt + rng.int(0, baseTime - createdAt),
      acceptingResponses: rng.chance(0.7),
      closedMessage: rng.chance(0.3) ? text.tricky() : 'Applications are closed.',
      submissionMessage: rng.chance(0.3) ? text.tricky() : 'Thanks! We will review your application soon.',
      cooldown: rng.pick([0, DAY, 7 * DAY, 14 * DAY]),
      maxLogs: rng.int(0, 10),
      banAppeal: appeal ? (/chat/i.test(title) ? BAN_APPEAL.chat : BAN_APPEAL.game) : BAN_APPEAL.none,
      banAppealNote: appeal && rng.chance(0.5),
      collectGameAccount: rng.chance(0.6),
      gameGroupId: rng.chance(0.5) ? String(rng.int(1_000_000, 35_000_000)) : '',
      guildMemberAge: rng.pick([0, DAY, 7 * DAY, 30 * DAY]),
      requireChatMember: rng.chance(0.7),
      inviteOnApproval: rng.chance(0.3),
      stageResponses: rng.chance(0.3),
      requireApprovedReason: rng.chance(0.3),
      requiredDenialReason: rng.chance(0.6),
      revealReviewer: rng.chance(0.5),
      resultsMentionUser: rng.chance(0.7),
      resultsChannelId: ctx.snowflake(createdAt),
      eventsChannelId: rng.chance(0.6) ? ctx.snowflake(createdAt) : '',
      approvalRoles: roleIds(2),
      denialRoles: roleIds(1),
      acceptanceRemoveRoles: roleIds(1),
      denialRemoveRoles: roleIds(1),
      blockedChatRoles: roleIds(2),
      requiredChatRoles: roleIds(2),
      reviewerRoles: roleIds(3),
      reviewOnlyRoles: roleIds(1),
      submitMentionRoles: roleIds(2),
      presets,
      sections,
      questions,
    };
  });
}

/** Records that audit-log descriptions point at. */
export interface AuditRefs {
  loaIds: readonly string[];
  logs: readonly SandboxLog[];
  roles: readonly SandboxRole[];
}

/** Audit-log entries; application-related ones point at existing applications. */
export function buildAuditLogs(
  ctx: GenContext,
  count: number,
  applications: readonly SandboxApplication[],
  staffChatIds: readonly string[],
  refs: AuditRefs,
): SandboxAuditLogEntry[] {
  const { rng, baseTime } = ctx;
  const types = Object.values(AUDIT_LOG_TYPE);
  const entries: SandboxAuditLogEntry[] = [];
  for (let i = 0; i < count; i++) {
    const type = rng.pick(types);
    const timestamp = baseTime - rng.int(0, HISTORY_SECONDS);
    const application = applications.length > 0 ? rng.pick(applications) : undefined;
    const applicant = ctx.snowflake(timestamp - rng.int(DAY, 2_000 * DAY));
    const entry: SandboxAuditLogEntry = {
      id: ctx.id(timestamp),
      serverId: ctx.serverId,
      applicationId: type <= AUDIT_LOG_TYPE.applicationUpdated && application ? application.id : '',
      userId: type === AUDIT_LOG_TYPE.applicationSubmitted ? applicant : rng.pick(staffChatIds),
      type,
      timestamp,
      description: auditDescription(ctx, type, applicant, refs),
    };
    entries.push(ctx.absent() ? omitUnset(entry) : entry);
  }
  return entries;
}

function auditDescription(ctx: GenContext, type: number, applicant: string, refs: AuditRefs): JsonObject {
  const { rng, text } = ctx;
  switch (type) {
    case AUDIT_LOG_TYPE.applicationSubmitted:
      return { responseId: ctx.id(ctx.baseTime), applicant: `<@${applicant}>`, answers: rng.int(1, 20) };
    case AUDIT_LOG_TYPE.applicationApproved:
    case AUDIT_LOG_TYPE.applicationDenied:
      return { responseId: ctx.id(ctx.baseTime), applicant: `<@${applicant}>`, reason: text.denyReason() };
    case AUDIT_LOG_TYPE.applicationUpdated:
      return { changes: [{ field: 'acceptingResponses', from: true, to: false }], note: text.sentence() };
    case AUDIT_LOG_TYPE.loaReviewed:
      return {
        loaId: refs.loaIds.length > 0 ? rng.pick(refs.loaIds) : '',
        decision: rng.pick(['approved', 'denied']),
        note: rng.chance(0.2) ? text.tricky() : '',
      };
    case AUDIT_LOG_TYPE.logCreated:
    case AUDIT_LOG_TYPE.logEdited: {
      const log = refs.logs.length > 0 ? rng.pick(refs.logs) : undefined;
      return { logId: log?.id ?? '', username: log?.username ?? '', summary: text.logText() };
    }
    case AUDIT_LOG_TYPE.roleUpdated: {
      const role = refs.roles.length > 0 ? rng.pick(refs.roles) : undefined;
      return {
        roleId: role?.id ?? '',
        name: role?.name ?? '',
        changes: [{ field: 'colour', from: '#000000', to: role?.colour ?? '#ff0000' }],
      };
    }
    default:
      return { setting: rng.pick(['loaChannel', 'shiftTypes', 'logRetention']), message: text.tricky() };
  }
}

/** Join requests for distinct chat users: about a quarter are existing members. */
export function buildJoinRequests(
  ctx: GenContext,
  count: number,
  memberChatIds: readonly string[],
): SandboxJoinRequest[] {
  const { rng, baseTime } = ctx;
  const seen = new Set<string>();
  const requests: SandboxJoinRequest[] = [];
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  while (requests.length < count) {
    const createdAt = baseTime - rng.int(0, 60 * DAY);
    const userId =
      memberChatIds.length > 0 && rng.chance(0.25)
        ? rng.pick(memberChatIds)
        : ctx.snowflake(createdAt - rng.int(DAY, 2_000 * DAY));
    if (seen.has(userId)) continue;
    seen.add(userId);
    const joinCode = Array.from({ length: 8 }, () => rng.pick([...alphabet])).join('');
    requests.push({ userId, serverId: ctx.serverId, joinCode, createdAt });
  }
  return requests;
}
