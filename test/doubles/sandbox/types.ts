/**
 * The sandbox's record types: the generated wire types, except that the members whose inner shape the
 * API does not describe are typed as open JSON objects. (openapi-typescript renders an object schema
 * without properties as `Record<string, never>`, which no filled object satisfies.)
 */
import type {
  Application,
  AuditLogEntry,
  JoinRequest,
  Loa,
  Log,
  Member,
  operations,
  Role,
  Shift,
} from '../../../generated/api.js';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

type Open<T, Arrays extends keyof T, Objects extends keyof T = never> = Omit<T, Arrays | Objects> & {
  [P in Arrays]?: JsonObject[];
} & { [P in Objects]?: JsonObject };

/** An LOA as the sandbox serves it. */
export type SandboxLoa = Open<Loa, 'reasonHistory' | 'extensionRequests'>;
/** A moderation log entry as the sandbox serves it. */
export type SandboxLog = Open<Log, 'proof' | 'editedBy'>;
/** A shift as the sandbox serves it. */
export type SandboxShift = Open<Shift, 'breakTimestamps'>;
/** An audit log entry as the sandbox serves it. */
export type SandboxAuditLogEntry = Open<AuditLogEntry, never, 'description'>;
/** An application form as the sandbox serves it. */
export type SandboxApplication = Open<Application, 'presets' | 'sections', 'questions'>;
/** A role (no open members). */
export type SandboxRole = Role;
/** A member (no open members; the chat id is kept outside, see `Dataset.chatIdOf`). */
export type SandboxMember = Member;
/** A join request (no open members). */
export type SandboxJoinRequest = JoinRequest;

/** The operationIds of openapi.yaml (one per endpoint). */
export type OperationId = keyof operations;
