import {
  AllowedMentionsTypes,
  type APIAllowedMentions,
  type APIAttachment,
  type APIEmbed,
  type APIMessage,
  type APIMessageInteraction,
  type APIMessageInteractionMetadata,
  type APIMessageTopLevelComponent,
  type APIUser,
  MessageFlags,
  type MessageType,
} from 'discord-api-types/v10';
import { assignComponentIds } from './components.js';
import type { UploadedFile } from './http.js';
import { type SnowflakeFactory, snowflakeTime } from './snowflake.js';

/** A message body as sent by the bot (reply data, follow-up, edit); checked by validate.ts first. */
export type MessageBody = Record<string, unknown>;

/** A message the bot sent, as the double keeps it. */
export interface StoredMessage {
  /** The message as Discord would return it. */
  message: APIMessage;
  /** The allowed_mentions of the body that last set the content (null when the body had none). */
  allowedMentions: APIAllowedMentions | null;
  /** The only user who sees it (ephemeral), or null when public. */
  visibleTo: string | null;
  /** The interaction whose token created it. */
  interactionId: string;
  deleted: boolean;
  /** How many times it was edited (PATCH or update). */
  edits: number;
  /** The bytes of each attachment, by attachment id (what Discord's CDN serves at its `url`). */
  uploads: ReadonlyMap<string, UploadedFile>;
}

/** What the double needs to know to create a message besides its body. */
export interface MessageOrigin {
  channelId: string;
  guildId: string | null;
  author: APIUser;
  applicationId: string;
  type: MessageType;
  interactionId: string;
  /** The invoking user: ephemeral messages are visible to them only. */
  user: APIUser;
  metadata: APIMessageInteractionMetadata;
  legacyInteraction?: APIMessageInteraction;
  /** Extra flags forced by the protocol (Ephemeral for a deferred ephemeral reply, Loading for a defer). */
  forcedFlags?: number;
}

const CREATE_FLAGS =
  MessageFlags.Ephemeral |
  MessageFlags.SuppressEmbeds |
  MessageFlags.SuppressNotifications |
  MessageFlags.IsComponentsV2;
const EDIT_FLAGS = MessageFlags.SuppressEmbeds | MessageFlags.IsComponentsV2;

/** Who a message would ping, given its content and allowed_mentions (Discord parses everything without it). */
export function mentionsOf(
  content: string,
  allowed: APIAllowedMentions | null | undefined,
  lookup: (id: string) => APIUser | undefined,
): { users: APIUser[]; roles: string[]; everyone: boolean } {
  const parse = allowed ? (allowed.parse ?? []) : Object.values(AllowedMentionsTypes);
  const userIds = [...content.matchAll(/<@!?(\d{17,20})>/g)].map((m) => m[1] ?? '');
  const roleIds = [...content.matchAll(/<@&(\d{17,20})>/g)].map((m) => m[1] ?? '');
  const users = userIds
    .filter((id) => parse.includes(AllowedMentionsTypes.User) || allowed?.users?.includes(id))
    .map(lookup)
    .filter((u): u is APIUser => u !== undefined);
  const roles = roleIds.filter(
    (id) => parse.includes(AllowedMentionsTypes.Role) || allowed?.roles?.includes(id),
  );
  const everyone = /@(everyone|here)/.test(content) && parse.includes(AllowedMentionsTypes.Everyone);
  return { users: [...new Map(users.map((u) => [u.id, u])).values()], roles: [...new Set(roles)], everyone };
}

export function attachmentsOf(
  ids: Pick<SnowflakeFactory, 'next'>,
  channelId: string,
  body: MessageBody,
  files: UploadedFile[],
  kept: APIAttachment[],
  uploads: Map<string, UploadedFile>,
): APIAttachment[] {
  const listed = Array.isArray(body.attachments)
    ? (body.attachments as Array<Record<string, unknown>>)
    : null;
  const keep = listed ? kept.filter((a) => listed.some((l) => String(l.id) === a.id)) : kept;
  const added = files.map((file, index): APIAttachment => {
    const id = ids.next();
    const meta = listed?.find((l) => String(l.id) === String(index));
    const filename = typeof meta?.filename === 'string' ? meta.filename : file.filename;
    const url = `https://cdn.discordapp.com/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
    uploads.set(id, file);
    return {
      id,
      filename,
      size: file.size,
      url,
      proxy_url: url.replace('cdn.discordapp.com', 'media.discordapp.net'),
      content_type: file.contentType,
      ...(typeof meta?.description === 'string' ? { description: meta.description } : {}),
    };
  });
  return [...keep, ...added];
}

/**
 * As Discord does: an embed's image or thumbnail at `attachment://name` shows that attachment of
 * its message (its CDN url); a name the message has no attachment of stays as sent (nothing shown).
 */
export function withAttached(embeds: APIEmbed[], attachments: APIAttachment[]): APIEmbed[] {
  const resolve = (media: { url: string } | undefined) => {
    const name = media?.url.startsWith('attachment://') ? media.url.slice('attachment://'.length) : undefined;
    const file = name === undefined ? undefined : attachments.find((a) => a.filename === name);
    return file ? { ...media, url: file.url, proxy_url: file.proxy_url } : media;
  };
  return embeds.map((embed) => ({
    ...embed,
    ...(embed.image ? { image: resolve(embed.image) } : {}),
    ...(embed.thumbnail ? { thumbnail: resolve(embed.thumbnail) } : {}),
  }));
}

function embedsOf(value: unknown): APIEmbed[] {
  if (!Array.isArray(value)) return [];
  return (value as APIEmbed[]).map((embed) => ({ type: 'rich', ...embed }) as APIEmbed);
}

function componentsOf(value: unknown): APIMessageTopLevelComponent[] {
  return Array.isArray(value)
    ? assignComponentIds(structuredClone(value) as APIMessageTopLevelComponent[])
    : [];
}

/** Creates, edits and looks up the messages the bot sends through interactions. */
export class MessageStore {
  readonly #messages = new Map<string, StoredMessage>();

  constructor(
    private readonly ids: SnowflakeFactory,
    private readonly lookupUser: (id: string) => APIUser | undefined,
  ) {}

  /** Whether a body would leave nothing to show (Discord: 50006 Cannot send an empty message). */
  static isEmpty(message: Pick<APIMessage, 'content' | 'embeds' | 'components' | 'attachments'>): boolean {
    return (
      message.content === '' &&
      message.embeds.length === 0 &&
      (message.components?.length ?? 0) === 0 &&
      message.attachments.length === 0
    );
  }

  /** Builds a message from a body without storing it (to check it first). */
  build(origin: MessageOrigin, body: MessageBody, files: UploadedFile[]): StoredMessage {
    const id = this.ids.next();
    const flags =
      ((typeof body.flags === 'number' ? body.flags : 0) & CREATE_FLAGS) | (origin.forcedFlags ?? 0);
    const content = typeof body.content === 'string' ? body.content : '';
    const allowed = (body.allowed_mentions as APIAllowedMentions | undefined) ?? null;
    const mentions = mentionsOf(content, allowed, this.lookupUser);
    const uploads = new Map<string, UploadedFile>();
    const message: APIMessage = {
      id,
      channel_id: origin.channelId,
      author: origin.author,
      content,
      timestamp: new Date(snowflakeTime(id)).toISOString(),
      edited_timestamp: null,
      tts: body.tts === true,
      mention_everyone: mentions.everyone,
      mentions: mentions.users,
      mention_roles: mentions.roles,
      attachments: attachmentsOf(this.ids, origin.channelId, body, files, [], uploads),
      embeds: embedsOf(body.embeds),
      pinned: false,
      webhook_id: origin.applicationId,
      type: origin.type,
      application_id: origin.applicationId,
      flags: flags as MessageFlags,
      components: componentsOf(body.components),
      interaction_metadata: origin.metadata,
      ...(origin.legacyInteraction ? { interaction: origin.legacyInteraction } : {}),
    };
    message.embeds = withAttached(message.embeds, message.attachments);
    return {
      message,
      allowedMentions: allowed,
      visibleTo: flags & MessageFlags.Ephemeral ? origin.user.id : null,
      interactionId: origin.interactionId,
      deleted: false,
      edits: 0,
      uploads,
    };
  }

  /** Stores a built message. */
  add(stored: StoredMessage): StoredMessage {
    this.#messages.set(stored.message.id, stored);
    return stored;
  }

  /**
   * What a message would look like after an edit (PATCH or update): fields present in the body replace,
   * null clears, absent fields stay; only SUPPRESS_EMBEDS and IS_COMPONENTS_V2 flags can change.
   */
  edited(stored: StoredMessage, body: MessageBody, files: UploadedFile[], clearFlags = 0): StoredMessage {
    const old = stored.message;
    const message: APIMessage = { ...old, edited_timestamp: new Date().toISOString() };
    if ('content' in body) message.content = typeof body.content === 'string' ? body.content : '';
    if ('embeds' in body) message.embeds = embedsOf(body.embeds);
    if ('components' in body) message.components = componentsOf(body.components);
    const uploads = new Map(stored.uploads);
    if ('attachments' in body || files.length > 0) {
      message.attachments = attachmentsOf(this.ids, old.channel_id, body, files, old.attachments, uploads);
      for (const id of [...uploads.keys()])
        if (!message.attachments.some((a) => a.id === id)) uploads.delete(id);
    }
    message.embeds = withAttached(message.embeds, message.attachments);
    const allowed =
      'allowed_mentions' in body
        ? ((body.allowed_mentions as APIAllowedMentions | null) ?? null)
        : stored.allowedMentions;
    if (typeof body.flags === 'number') {
      message.flags = (((old.flags ?? 0) & ~EDIT_FLAGS) | (body.flags & EDIT_FLAGS)) as MessageFlags;
    }
    message.flags = ((message.flags ?? 0) & ~clearFlags) as MessageFlags;
    const mentions = mentionsOf(message.content, allowed, this.lookupUser);
    message.mentions = mentions.users;
    message.mention_roles = mentions.roles;
    message.mention_everyone = mentions.everyone;
    return { ...stored, message, allowedMentions: allowed, edits: stored.edits + 1, uploads };
  }

  /** Replaces a stored message by its new version (same id). */
  replace(next: StoredMessage): StoredMessage {
    this.#messages.set(next.message.id, next);
    return next;
  }

  /** The stored message with this id (deleted ones too). */
  get(id: string): StoredMessage | undefined {
    return this.#messages.get(id);
  }

  /** Every stored message in creation order. */
  all(): StoredMessage[] {
    return [...this.#messages.values()];
  }
}
