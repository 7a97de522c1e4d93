import type { IncomingMessage, ServerResponse } from 'node:http';

/** A file part of a multipart request. */
export interface UploadedFile {
  /** The form field, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string;
  size: number;
  /** The file's bytes as uploaded (tests read exports back from them). */
  data: Buffer;
}

/** A request body as the double understands it. */
export interface ParsedBody {
  /** Parsed JSON, or the `payload_json` of a multipart body, or null when empty or unparsable. */
  json: unknown;
  files: UploadedFile[];
  /** Why the body could not be parsed, if it could not. */
  error: string | null;
}

/** Error body Discord answers with: `{ message, code }`, plus `errors` for form errors. */
export interface DiscordErrorBody {
  message: string;
  code: number;
  errors?: unknown;
  retry_after?: number;
  global?: boolean;
}

/** Reads the whole body of a request. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseMultipart(raw: Buffer, boundary: string): ParsedBody {
  const text = raw.toString('latin1');
  const parts = text.split(`--${boundary}`).slice(1, -1);
  let json: unknown = null;
  const files: UploadedFile[] = [];
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const content = part.slice(split + 4, part.endsWith('\r\n') ? -2 : undefined);
    const field = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (field === 'payload_json') {
      json = JSON.parse(Buffer.from(content, 'latin1').toString('utf8'));
    } else if (filename !== undefined) {
      const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
      const data = Buffer.from(content, 'latin1');
      files.push({ field, filename, contentType, size: data.length, data });
    }
  }
  return { json, files, error: null };
}

/** Parses a JSON or multipart/form-data body. */
export function parseBody(raw: Buffer, contentType: string | undefined): ParsedBody {
  if (raw.length === 0) return { json: null, files: [], error: null };
  try {
    const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
    if (boundary) return parseMultipart(raw, boundary);
    return { json: JSON.parse(raw.toString('utf8')), files: [], error: null };
  } catch (error) {
    return { json: null, files: [], error: (error as Error).message };
  }
}

/** Writes a JSON answer with `Content-Type: application/json` (or an empty 204). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
      ...headers,
    })
    .end(text);
}
