/**
 * The application's own emojis, as Discord keeps them: GET /applications/{app}/emojis answers
 * `{ items }`, POST adds one from `{ name, image }` (a data URI of PNG, JPEG, GIF, WebP or AVIF),
 * DELETE /applications/{app}/emojis/{id} removes one. Discord's rules: the name 2–32 characters of
 * [A-Za-z0-9_], unique in the application; the image at most 256 KiB; at most `limit` (2,000)
 * emojis, then 30008 "Maximum number of emojis reached". Another application's emojis: 403, 50001.
 */
import type { APIApplicationEmoji, APIUser } from 'discord-api-types/v10';
import type { Answer } from './interactions.js';
import { type FormError, invalidFormBody } from './validate.js';

/** Discord's cap on an application's emojis. */
export const APPLICATION_EMOJI_LIMIT = 2_000;
/** The largest image Discord takes for an emoji (bytes, decoded). */
export const EMOJI_IMAGE_LIMIT = 256 * 1024;

const NAME = /^[A-Za-z0-9_]{2,32}$/;
const DATA_URI = /^data:image\/(png|jpeg|gif|webp|avif);base64,([A-Za-z0-9+/]+={0,2})$/;

const METHOD_NOT_ALLOWED: Answer = { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };

/** An uploaded emoji, with the bytes Discord's CDN would serve for it. */
export interface StoredEmoji extends APIApplicationEmoji {
  image: Buffer;
  contentType: string;
}

export class ApplicationEmojis {
  readonly items: StoredEmoji[] = [];
  /** How many the application may own (lower it to drive 30008). */
  limit = APPLICATION_EMOJI_LIMIT;

  constructor(
    private readonly nextId: () => string,
    private readonly owner: APIUser,
  ) {}

  /** What GET shows of an emoji: the emoji object, not its bytes. */
  #shown({ image: _image, contentType: _type, ...emoji }: StoredEmoji): APIApplicationEmoji {
    return emoji;
  }

  /** `rest`: the path after /applications/{app}/emojis. */
  route(method: string, rest: string[], body: unknown): Answer {
    const id = rest[0];
    if (rest.length > 1) return { status: 404, body: { message: '404: Not Found', code: 0 } };
    if (id) {
      const at = this.items.findIndex((e) => e.id === id);
      if (at < 0) return { status: 404, body: { message: 'Unknown Emoji', code: 10014 } };
      if (method === 'GET') return { status: 200, body: this.#shown(this.items[at] as StoredEmoji) };
      if (method === 'DELETE') {
        this.items.splice(at, 1);
        return { status: 204 };
      }
      return METHOD_NOT_ALLOWED;
    }
    if (method === 'GET') return { status: 200, body: { items: this.items.map((e) => this.#shown(e)) } };
    if (method !== 'POST') return METHOD_NOT_ALLOWED;
    return this.#create(body);
  }

  #create(body: unknown): Answer {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const errors: FormError[] = [];
    const name = b.name;
    if (typeof name !== 'string') {
      errors.push({ path: ['name'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    } else if (!NAME.test(name)) {
      errors.push({
        path: ['name'],
        code: 'STRING_TYPE_REGEX',
        message: 'String value did not match validation regex.',
      });
    } else if (this.items.some((e) => e.name === name)) {
      errors.push({
        path: ['name'],
        code: 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN',
        message: 'Emoji name already taken',
      });
    }
    const image = typeof b.image === 'string' ? DATA_URI.exec(b.image) : null;
    const bytes = image ? Buffer.from(image[2] as string, 'base64') : null;
    if (!image || !bytes) {
      errors.push({ path: ['image'], code: 'IMAGE_INVALID', message: 'Invalid image data' });
    } else if (bytes.length > EMOJI_IMAGE_LIMIT) {
      errors.push({
        path: ['image'],
        code: 'BINARY_TYPE_MAX_SIZE',
        message: `File cannot be larger than ${EMOJI_IMAGE_LIMIT / 1024}.0 kb.`,
      });
    }
    if (errors.length > 0) return { status: 400, body: invalidFormBody(errors) };
    if (this.items.length >= this.limit)
      return {
        status: 400,
        body: { message: `Maximum number of emojis reached (${this.limit})`, code: 30008 },
      };
    const emoji: StoredEmoji = {
      id: this.nextId(),
      name: name as string,
      roles: [],
      user: this.owner,
      require_colons: true,
      managed: false,
      animated: image?.[1] === 'gif',
      available: true,
      image: bytes as Buffer,
      contentType: `image/${image?.[1]}`,
    };
    this.items.push(emoji);
    return { status: 201, body: this.#shown(emoji) };
  }
}
