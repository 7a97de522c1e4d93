/**
 * The admin command's wiring types, where src/community/hosted.ts imports them from. /rollcall-admin
 * itself is commands/admin/index.ts (one module per subcommand beside it).
 */
export type { LinkInfo, Links, ServerSettings, TokenCheck } from './command.js';
