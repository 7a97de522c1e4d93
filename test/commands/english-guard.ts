/**
 * The access guard with its refusals read in English: the guard gives a refusal's words (a Text,
 * said in the reader's language by the responder); these tests compare the English sentence.
 */
import { type AccessInteraction, createAccessGuard as createGuard } from '../../src/discord/access.js';
import { ENGLISH } from '../../src/i18n/words.js';

export function createAccessGuard(...options: Parameters<typeof createGuard>) {
  const guard = createGuard(...options);
  return async (interaction: AccessInteraction): Promise<string | undefined> =>
    (await guard(interaction))?.(ENGLISH);
}
