/**
 * The id of every view, named once: views and the links between them (a list's "Open…", a detail's
 * shortcuts) use these names, so a mistyped link fails the type check; the registry then checks at
 * start that every link leads to a view of the right kind.
 */
export const VIEW = {
  applications: 'application.all',
  application: 'application',
  auditLog: 'audit-log.all',
  auditEntry: 'audit-log',
  joinRequest: 'join-request',
  loas: 'loa.all',
  memberLoas: 'loa.member',
  loa: 'loa',
  loaFromMember: 'loa.from-member',
  userLogs: 'log.user',
  userLogSearch: 'log.user.search',
  log: 'log',
  members: 'member.all',
  member: 'member',
  memberByChat: 'member.chat',
  memberOfLoa: 'member.loa',
  recordShifts: 'shift.of-record',
  roles: 'role.all',
  role: 'role',
  shifts: 'shift.all',
  shift: 'shift',
  shiftTotals: 'shift.totals',
  shiftMemberPeriod: 'shift.member-period',
  loasActive: 'loa.active',
  loasUpcoming: 'loa.upcoming',
  loasByStatus: 'loa.status',
  quotaCheck: 'quota.check',
  onDuty: 'shift.active',
  inactive: 'quota.inactive',
  player: 'log.player',
  playerPick: 'log.player.named',
} as const;
