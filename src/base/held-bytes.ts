/** A character V8 cannot keep in a one-byte string: the whole string then takes two bytes a character. */
const TWO_BYTE = /[\u0100-\uffff]/;

/**
 * The bytes a string takes in memory, as V8 keeps it: one a character when every character is
 * Latin-1, otherwise two a character for the whole string (a JSON answer with one emoji in it
 * weighs twice its length, whatever its UTF-8 length says). How the answer cache, the reports'
 * snapshot memory and the store's snapshot pages count what they hold.
 */
export function heldBytes(text: string): number {
  return TWO_BYTE.test(text) ? text.length * 2 : text.length;
}
