/**
 * The access guard with its refusals read in English: the guard gives a refusal's words (a Text,
 * said in the reader's language by the responder); these tests compare the English sentence.
 */
import { AccessGuard, type AccessInteraction } from '../../src/discord/access.js';
import { ENGLISH } from '../../src/i18n/words.js';

export function createAccessGuard(...options: ConstructorParameters<typeof AccessGuard>) {
  const guard = new AccessGuard(...options);
  return async (interaction: AccessInteraction): Promise<string | undefined> =>
    (await guard.check(interaction))?.(ENGLISH);
}
