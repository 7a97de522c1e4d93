import type { APIAllowedMentions } from 'discord-api-types/v10';
import type { RecordedCall } from './rest.js';

/** One message body that could ping someone. */
export interface MentionViolation {
  call: RecordedCall;
  reason: string;
}

function messageBodyOf(call: RecordedCall): Record<string, unknown> | null {
  const body = call.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  if (call.route === 'callback' && call.method === 'POST') {
    const creates = record.type === 4 || record.type === 7;
    return creates && typeof record.data === 'object' && record.data !== null
      ? (record.data as Record<string, unknown>)
      : null;
  }
  if (call.route === 'webhook' && (call.method === 'POST' || call.method === 'PATCH')) return record;
  // A message posted in a channel (a scheduled digest, an allowance alert), or edited there.
  if (
    (call.method === 'POST' || call.method === 'PATCH') &&
    /^\/channels\/\d+\/messages(\/\d+)?$/.test(call.path)
  )
    return record;
  return null;
}

/**
 * Every message-creating or -editing body (reply, update, follow-up, edit, channel post) whose allowed_mentions would
 * let a ping through: missing allowed_mentions, `parse` with users/roles/everyone, or non-empty
 * `users`/`roles` lists. A bot that treats API text as data keeps this empty.
 */
export function allowedMentionsViolations(calls: readonly RecordedCall[]): MentionViolation[] {
  const violations: MentionViolation[] = [];
  for (const call of calls) {
    const body = messageBodyOf(call);
    if (!body) continue;
    const allowed = body.allowed_mentions as APIAllowedMentions | null | undefined;
    if (!allowed) {
      violations.push({ call, reason: 'no allowed_mentions (Discord then parses every mention)' });
      continue;
    }
    for (const kind of allowed.parse ?? [])
      violations.push({ call, reason: `allowed_mentions.parse contains ${kind}` });
    if (allowed.users?.length)
      violations.push({ call, reason: `allowed_mentions.users lists ${allowed.users.join(', ')}` });
    if (allowed.roles?.length)
      violations.push({ call, reason: `allowed_mentions.roles lists ${allowed.roles.join(', ')}` });
  }
  return violations;
}
