/** Discord's limits, below every layer. https://discord.com/developers/docs/resources/message#embed-object-embed-limits */
export const LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  embedTotal: 6000,
  embedsPerMessage: 10,
  content: 2000,
  customId: 100,
  actionRows: 5,
  buttonsPerRow: 5,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionLabel: 100,
  selectOptionValue: 100,
  selectOptionDescription: 100,
  selectPlaceholder: 150,
  autocompleteChoices: 25,
  autocompleteName: 100,
  autocompleteValue: 100,
  modalTitle: 45,
  /** A message's attachments, for a bot on a server without boosts: 10 MiB. */
  attachmentBytes: 10 * 1024 * 1024,
} as const;

/** A Discord id (snowflake) as Discord sends it: 17 to 20 digits. */
export const SNOWFLAKE = /^\d{17,20}$/;

/** Largest Unix-seconds value a Discord timestamp (and a JS Date) can show: 9999-12-31. */
export const MAX_TIMESTAMP_SECONDS = 253_402_300_799;

/**
 * True when `value` is a Unix-seconds timestamp Rollcall can show (0 and absent mean "not set").
 * Here, below every layer, because the reports decide with it what the renderers show.
 */
export function isSetTimestamp(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_TIMESTAMP_SECONDS;
}

/**
 * What a timestamp from the API is: `unset` (0 or absent), a `date` Rollcall can show
 * (`isSetTimestamp`), or `invalid`: a number that is no such date (negative, beyond year 9999 as
 * milliseconds are, not whole), shown as the number and "not a valid date".
 */
export function timestampState(value: unknown): 'unset' | 'date' | 'invalid' {
  if (typeof value !== 'number' || value === 0) return 'unset';
  return isSetTimestamp(value) ? 'date' : 'invalid';
}
