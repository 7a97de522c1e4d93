/**
 * The ids links lead to (a list's "Open…", a detail's shortcuts), named once so a mistyped link fails
 * the type check; the registry then checks at start that every link leads to a view of the right
 * kind. A view nothing links to has its id written in its definition.
 */
export const VIEW = {
  application: 'application',
  auditEntry: 'audit-log',
  memberLoas: 'loa.member',
  loa: 'loa',
  loaFromMember: 'loa.from-member',
  userLogs: 'log.user',
  log: 'log',
  member: 'member',
  memberByChat: 'member.chat',
  memberOfLoa: 'member.loa',
  me: 'me',
  myLoas: 'me.loas',
  myShifts: 'me.shifts',
  recordShifts: 'shift.of-record',
  role: 'role',
  shift: 'shift',
  shiftMemberPeriod: 'shift.member-period',
  player: 'log.player',
} as const;
