/**
 * The 401 rule of hosted mode. A 401 from the API makes the token suspect: its servers are refused
 * without a read until one read, at least REJECTION_CONFIRM_MS later, confirms it (their credentials
 * are then marked invalid, not used again until an admin links a token anew) or clears it.
 * Meanwhile they are told when Rollcall tries the token again, and that an admin needs to act only
 * if it is rejected then.
 */
import { isApiError } from '../api/errors.js';
import type { Api, Fetched, Resources } from '../api/types.js';
import type { Logger } from '../base/log.js';
import { say, UserError } from '../discord/replies.js';
import { tokenHash } from '../store/crypto.js';
import type { Store } from '../store/index.js';

/**
 * How far apart two rejected reads must start for a token to be marked invalid. The API answers a
 * burst of 401s now and then (and suspends tokens that keep failing), so one burst proves nothing;
 * meanwhile no request goes out for the token, and one read after this long confirms or clears it.
 */
export const REJECTION_CONFIRM_MS = 60_000;

/**
 * A token the API rejected once (by token hash), not yet confirmed. Kept in this process's memory:
 * another process of the same bot learns of the rejection from its own reads.
 */
interface Suspicion {
  /** When the first 401 was seen. */
  since: number;
  /** A read is out to confirm or clear it: the others are still refused. */
  probing: boolean;
  /** The servers refused meanwhile: marked invalid with the reading one on confirmation. */
  guilds: Set<string>;
}

interface RejectionsOptions {
  logger: Logger;
  /** Where a confirmed rejection marks the credentials invalid. */
  store: () => Store;
  /** Drops the Api of a token confirmed rejected. */
  drop: (token: string) => void;
  now: () => number;
}

/** The tokens under suspicion in this process, and the reads they guard. */
export class Rejections {
  private readonly suspected = new Map<string, Suspicion>();

  constructor(private readonly options: RejectionsOptions) {}

  /**
   * The reads of one server. A 401 makes the token suspect (`rejected`): from then on its servers
   * are told the token was rejected without a request, until REJECTION_CONFIRM_MS have passed; then
   * one read goes out, and a second 401 marks the credentials invalid while an answer clears it.
   */
  guarded(guildId: string, token: string, api: Api): Resources {
    const wrapped = {} as Record<string, unknown>;
    for (const [name, read] of Object.entries(api.resources) as [
      string,
      (...a: unknown[]) => Promise<Fetched<unknown>>,
    ][]) {
      wrapped[name] = (...args: unknown[]) => this.read(guildId, token, () => read(...args));
    }
    return wrapped as unknown as Resources;
  }

  /** One read of `guildId` with `token`, held back or watched by the rule. */
  private async read(
    guildId: string,
    token: string,
    read: () => Promise<Fetched<unknown>>,
  ): Promise<Fetched<unknown>> {
    const { now, logger } = this.options;
    const hash = tokenHash(token);
    const startedAt = now();
    const suspicion = this.suspected.get(hash);
    if (suspicion) {
      suspicion.guilds.add(guildId);
      // Within the wait, or while the one confirming read is out: no request, so no further strike.
      if (suspicion.probing || startedAt - suspicion.since < REJECTION_CONFIRM_MS) {
        throw held(suspicion, startedAt);
      }
      suspicion.probing = true;
    }
    try {
      const result = await read();
      // Only an answer the API gave now speaks for the token; a saved one leaves it suspect.
      if (suspicion && !result.fromCache && this.suspected.get(hash) === suspicion) {
        this.suspected.delete(hash);
        logger.info({ guild: guildId }, "the API accepts this server's token again; no longer suspect");
      }
      return result;
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && error.status === 401) {
        const stillHeld = await this.rejected(guildId, token, startedAt);
        throw stillHeld ? held(stillHeld, now()) : new UserError(say.tokenRejected);
      }
      throw error;
    } finally {
      if (suspicion) suspicion.probing = false;
    }
  }

  /**
   * A 401 to a read of `guildId` started at `startedAt`: the first makes the token suspect; one to a
   * read started REJECTION_CONFIRM_MS or more after that confirms it, and every server refused
   * meanwhile has its credential marked invalid. Reads of the same burst change nothing. Returns the
   * suspicion while the token is only suspect; undefined once it is confirmed (marked invalid).
   */
  private async rejected(guildId: string, token: string, startedAt: number): Promise<Suspicion | undefined> {
    const { now, logger, store } = this.options;
    const hash = tokenHash(token);
    const suspicion = this.suspected.get(hash);
    if (!suspicion) {
      const first = { since: now(), probing: false, guilds: new Set([guildId]) };
      this.suspected.set(hash, first);
      logger.warn(
        { guild: guildId },
        "the API rejected this server's token (401); refused until a later read confirms it",
      );
      return first;
    }
    suspicion.guilds.add(guildId);
    if (startedAt - suspicion.since < REJECTION_CONFIRM_MS) return suspicion;
    this.suspected.delete(hash);
    logger.warn({ guild: guildId }, "the API rejected this server's token again (401); it is marked invalid");
    this.options.drop(token);
    await Promise.all(
      [...suspicion.guilds].map((guild) =>
        store()
          .markInvalid(guild)
          .catch((error: unknown) => {
            logger.error({ err: error, guild }, 'could not mark the rejected token invalid');
          }),
      ),
    );
    return undefined;
  }
}

/**
 * The sentence for a read refused while `suspicion` holds the token: no admin needs to act yet;
 * Rollcall tries the token again at the end of the wait (or now, when that has passed: the
 * confirming read is out), and only a rejection then asks an admin for a new token.
 */
function held(suspicion: Suspicion, at: number): UserError {
  const retryAt = Math.max(at, suspicion.since + REJECTION_CONFIRM_MS);
  return new UserError(say.tokenHeld(Math.ceil(retryAt / 1000)));
}
