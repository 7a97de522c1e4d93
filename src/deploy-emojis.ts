/**
 * Uploads Rollcall's application emojis (assets/emojis/, one PNG per name of src/render/marks.ts)
 * for `deploy-commands`: only those the application lacks, compared by name, so a second run
 * uploads nothing; emojis of other names are left alone. Each failure is one line (the limit
 * reached, no access, an image too large) and the rest carry on; the answers then show the
 * Unicode marks where an emoji is missing. Never fails the deploy.
 */
import { existsSync, readFileSync } from 'node:fs';
import { DiscordAPIError, type REST, type RESTGetAPIApplicationEmojisResult, Routes } from 'discord.js';
import { EMOJI_NAMES } from './render/marks.js';

/** Where the PNGs are, from src/ (tsx) or from dist/src/ (built). */
function folder(): URL {
  const near = new URL('../assets/emojis/', import.meta.url);
  return existsSync(near) ? near : new URL('../../assets/emojis/', import.meta.url);
}

/** Discord's cap on one emoji's image. */
const IMAGE_LIMIT = 256 * 1024;

/** One failure in one line, with its remedy. */
function why(error: unknown): string {
  if (error instanceof DiscordAPIError) {
    if (error.code === 30008)
      return `the application has reached Discord's emoji limit (30008): delete some of its emojis in the Developer Portal`;
    if (error.status === 403 || error.status === 401)
      return `Discord refused (${error.status}, ${error.message}): DISCORD_APPLICATION_ID must be this bot's own application`;
    return `Discord answered ${error.status} (${error.code}): ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The emojis the application owns, by name; or why they could not be read. */
async function owned(rest: REST, applicationId: string): Promise<Set<string> | string> {
  try {
    const list = (await rest.get(
      Routes.applicationEmojis(applicationId),
    )) as RESTGetAPIApplicationEmojisResult;
    return new Set(list.items.map((e) => e.name));
  } catch (error) {
    return why(error);
  }
}

/**
 * Upload the missing emojis (none with `dryRun`: only say which would go); returns the lines to
 * print: `said` for stdout, `problems` for stderr.
 */
export async function deployEmojis(
  rest: REST,
  applicationId: string,
  dryRun = false,
): Promise<{ said: string[]; problems: string[] }> {
  const have = await owned(rest, applicationId);
  if (typeof have === 'string')
    return {
      said: [],
      problems: [
        `Could not read the application's emojis: ${have}. None uploaded; answers show Unicode marks.`,
      ],
    };
  const missing = EMOJI_NAMES.filter((name) => !have.has(name));
  if (missing.length === 0)
    return { said: [`Emojis: all ${EMOJI_NAMES.length} of Rollcall's are uploaded already.`], problems: [] };
  if (dryRun)
    return { said: [`Would upload ${missing.length} emojis: ${missing.join(', ')}.`], problems: [] };
  const uploaded: string[] = [];
  const problems: string[] = [];
  for (const [i, name] of missing.entries()) {
    const bytes = readFileSync(new URL(`${name}.png`, folder()));
    if (bytes.length > IMAGE_LIMIT) {
      problems.push(
        `Could not upload emoji ${name}: its image is ${bytes.length} bytes, over Discord's 256 KiB.`,
      );
      continue;
    }
    try {
      const image = `data:image/png;base64,${bytes.toString('base64')}`;
      await rest.post(Routes.applicationEmojis(applicationId), { body: { name, image } });
      uploaded.push(name);
    } catch (error) {
      problems.push(`Could not upload emoji ${name}: ${why(error)}; its mark stays Unicode.`);
      const left = missing.slice(i + 1);
      // The same refusal would meet every other: said once, with what was left.
      if (
        error instanceof DiscordAPIError &&
        (error.code === 30008 || error.status === 403 || error.status === 401)
      ) {
        if (left.length > 0) problems.push(`Not tried, for the same reason: ${left.join(', ')}.`);
        break;
      }
    }
  }
  const said = uploaded.length > 0 ? [`Uploaded ${uploaded.length} emojis: ${uploaded.join(', ')}.`] : [];
  return { said, problems };
}

/** What a dry run without Discord settings would upload: every emoji the application lacks, of these. */
export function emojiPlan(): string {
  return `Would upload the emojis the application lacks, of these ${EMOJI_NAMES.length} (assets/emojis/): ${EMOJI_NAMES.join(', ')}.`;
}
