/** French: the commands' texts keyed by their place in the command JSON, the sentences by MESSAGES key. */
import type { Catalogue } from '../catalogue.js';
import type { Sections } from '../en.js';

export const fr: Catalogue = {
  locale: 'fr',
  ordinal: (n) => (n === '1' ? '1er' : `${n}e`),
  units: { d: ' j', h: ' h', m: ' min', s: ' s' },
  commands: {
    'Staff record.name': 'Fiche staff',
    'LOAs.name': 'Absences',
    'Join request.name': "Demande d'adhésion",
    'Check player.name': 'Vérifier le joueur',
    'loa.description': 'Absences (LOA) du serveur communautaire',
    'loa.list.description': "Lister toutes les LOA, les plus récentes d'abord",
    'loa.list.options.status.description': 'Seulement en attente d’examen, en cours (actives) ou terminées',
    'loa.list.options.status.choices.pending.name': 'En attente d’examen',
    'loa.list.options.status.choices.active.name': 'Active (absent en ce moment)',
    'loa.list.options.status.choices.ended.name': 'Terminée',
    'loa.list.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'loa.view.description': 'Afficher une LOA',
    'loa.view.options.id.description': "L'id de la LOA",
    'loa.view.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'loa.member.description': "Lister les LOA d'un membre",
    'loa.member.options.user.description': 'Le membre sur Discord',
    'loa.member.options.member-id.description':
      "L'id du membre sur le serveur communautaire (au lieu d'un utilisateur Discord)",
    'loa.member.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'loa.active.description': 'Qui est absent maintenant, avec les dates de retour',
    'loa.active.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'loa.upcoming.description': 'Absences qui commencent dans les prochains jours',
    'loa.upcoming.options.days.description': "Combien de jours à l'avance (par défaut 7)",
    'loa.upcoming.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'log.description': 'Journaux de modération du serveur communautaire',
    'log.view.description': 'Afficher un journal de modération',
    'log.view.options.id.description': "L'id du journal",
    'log.view.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'log.user.description': "Lister les journaux de modération d'un joueur, par pseudo de jeu",
    'log.user.options.username.description': 'Le pseudo de jeu du joueur (pas son nom Discord)',
    'log.user.options.type.description': 'Seulement les journaux de ce code de type',
    'log.user.options.since.description':
      'Seulement depuis une date (2026-11-01, UTC) ou une durée avant maintenant (7d, 30d)',
    'log.user.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'audit-log.description': "Journal d'audit du serveur communautaire",
    'audit-log.list.description':
      "Lister les entrées du journal d'audit ; en ouvrir une montre tous ses détails",
    'audit-log.list.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'shift.description': 'Services effectués sur le serveur communautaire',
    'shift.list.description': 'Lister tous les services',
    'shift.list.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'shift.view.description': 'Afficher un service, avec sa durée et ses pauses',
    'shift.view.options.id.description': "L'id du service",
    'shift.view.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'shift.active.description':
      'Qui est en service maintenant : chaque service en cours, le plus long d’abord',
    'shift.active.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'shift.totals.description':
      'Membres classés par temps de service (hors pauses) sur une période, ou un membre',
    'shift.totals.options.period.description': 'La période, dans le fuseau horaire du serveur',
    'shift.totals.options.period.choices.this-week.name': 'Cette semaine',
    'shift.totals.options.period.choices.last-week.name': 'La semaine dernière',
    'shift.totals.options.period.choices.7-days.name': 'Les 7 derniers jours',
    'shift.totals.options.period.choices.30-days.name': 'Les 30 derniers jours',
    'shift.totals.options.period.choices.this-month.name': 'Ce mois-ci',
    'shift.totals.options.period.choices.last-month.name': 'Le mois dernier',
    'shift.totals.options.type.description': 'Seulement les services de ce type',
    'shift.totals.options.wave.description': 'Seulement les services de cette vague',
    'shift.totals.options.user.description': 'Le membre sur Discord',
    'shift.totals.options.member-id.description':
      "Seulement ce membre : son id sur le serveur communautaire (au lieu d'un utilisateur Discord)",
    'shift.totals.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'role.description': 'Rôles du serveur communautaire',
    'role.list.description': 'Lister tous les rôles',
    'role.list.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'role.view.description': 'Afficher un rôle',
    'role.view.options.role.description': "Tapez le nom du rôle et choisissez-le, ou donnez l'id du rôle",
    'role.view.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'member.description': 'Membres du serveur communautaire',
    'member.list.description': 'Lister tous les membres',
    'member.list.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'member.view.description': 'Afficher un membre, par utilisateur Discord ou id de membre',
    'member.view.options.user.description': 'Le membre sur Discord',
    'member.view.options.member-id.description':
      "L'id du membre sur le serveur communautaire (au lieu d'un utilisateur Discord)",
    'member.view.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'application.description': 'Formulaires de candidature du serveur communautaire',
    'application.list.description': 'Lister tous les formulaires de candidature',
    'application.list.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'application.view.description': 'Afficher un formulaire de candidature et ses réglages',
    'application.view.options.application.description':
      "Tapez le titre et choisissez-le, ou donnez l'id de la candidature",
    'application.view.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'join-request.description': "Demandes d'adhésion au serveur communautaire",
    'join-request.view.description':
      "Afficher la demande d'adhésion d'un utilisateur, par utilisateur Discord ou id",
    'join-request.view.options.user.description': "L'utilisateur sur Discord",
    'join-request.view.options.user-id.description':
      "L'id de l'utilisateur (au lieu de choisir un utilisateur Discord)",
    'join-request.view.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'quota.description': "Quotas d'activité du serveur communautaire",
    'quota.check.description':
      'Exigé et fait pour chaque membre ayant un rôle à quota, les absents étant exemptés',
    'quota.check.options.period.description': 'La période, dans le fuseau horaire du serveur',
    'quota.check.options.period.choices.this-week.name': 'Cette semaine',
    'quota.check.options.period.choices.last-week.name': 'La semaine dernière',
    'quota.check.options.period.choices.7-days.name': 'Les 7 derniers jours',
    'quota.check.options.period.choices.30-days.name': 'Les 30 derniers jours',
    'quota.check.options.period.choices.this-month.name': 'Ce mois-ci',
    'quota.check.options.period.choices.last-month.name': 'Le mois dernier',
    'quota.check.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'quota.inactive.description':
      'Membres sans service depuis un nombre de jours, ou jamais ; les absents exclus',
    'quota.inactive.options.days.description':
      'Sans service depuis plus de ce nombre de jours (14 par défaut)',
    'quota.inactive.options.role.description':
      'Seulement les membres ayant ce rôle communautaire (nom ou ID)',
    'quota.inactive.options.include-leave.description':
      'Inclure aussi les membres absents, avec leur retour (par défaut : exclus)',
    'quota.inactive.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'rollcall.description': 'À propos de Rollcall : ses commandes et son état',
    'rollcall.help.description': 'Lister chaque commande avec un exemple',
    'rollcall.help.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'rollcall.status.description': "Vérifier la connexion à l'API, le cache et le quota d'API restant",
    'rollcall.status.options.public.description':
      'Publier la réponse dans le salon pour tous (par défaut : vous seul la voyez)',
    'rollcall-admin.description': 'Relier ce serveur à son serveur communautaire (admins du serveur)',
    'rollcall-admin.setup.description':
      "Relier ce serveur avec le jeton d'API de son serveur communautaire, ou voir et changer le lien",
    'rollcall-admin.settings.description':
      'Afficher ou changer les réglages de ce serveur (sans option : les afficher)',
    'rollcall-admin.settings.options.visibility.description':
      'Si les réponses sont privées ou publiées pour tous par défaut',
    'rollcall-admin.settings.options.visibility.choices.private.name': 'privé',
    'rollcall-admin.settings.options.visibility.choices.public.name': 'public',
    'rollcall-admin.settings.options.access-roles.description':
      'Rôles de la communauté (noms ou ids, séparés par des virgules) autorisés ; none : tout le monde',
    'rollcall-admin.settings.options.limits.description':
      "Les limites d'API de l'offre de la communauté, comme 100/month,30/1m ; default : celles du bot",
    'rollcall-admin.settings.options.discord-roles.description':
      'Rôles de ce serveur (choisis par nom, séparés par des virgules) autorisés à utiliser Rollcall ; none',
    'rollcall-admin.labels.description':
      'Nommer les codes de cette communauté (types de journal, statut de LOA…) ; sans option : les voir',
    'rollcall-admin.labels.options.table.description': 'Quels codes',
    'rollcall-admin.labels.options.table.choices.logTypes.name': 'Type de journal',
    'rollcall-admin.labels.options.table.choices.loaStatus.name': 'Statut de LOA',
    'rollcall-admin.labels.options.table.choices.loaStartType.name': 'Type de début de LOA',
    'rollcall-admin.labels.options.table.choices.auditTypes.name': "Type d'audit",
    'rollcall-admin.labels.options.table.choices.banAppeal.name': 'Appel de bannissement',
    'rollcall-admin.labels.options.code.description': 'Le numéro du code, comme 3',
    'rollcall-admin.labels.options.label.description':
      "Comment la communauté l'appelle (1 à 40 caractères, texte simple)",
    'rollcall-admin.labels.options.clear.description':
      'Retirer le libellé du code (sans code : tous les libellés de la table)',
    'rollcall-admin.unlink.description': "Supprimer le jeton d'API et les réglages de ce serveur",
    'rollcall-admin.reports.description':
      'Voir ou changer les réglages des rapports : fuseau horaire, début de semaine, quotas, résumé',
    'rollcall-admin.reports.options.time-zone.description':
      'Le fuseau horaire de la communauté, un nom IANA comme Europe/London',
    'rollcall-admin.reports.options.week-start.description': 'Le premier jour de la semaine',
    'rollcall-admin.reports.options.week-start.choices.monday.name': 'lundi',
    'rollcall-admin.reports.options.week-start.choices.tuesday.name': 'mardi',
    'rollcall-admin.reports.options.week-start.choices.wednesday.name': 'mercredi',
    'rollcall-admin.reports.options.week-start.choices.thursday.name': 'jeudi',
    'rollcall-admin.reports.options.week-start.choices.friday.name': 'vendredi',
    'rollcall-admin.reports.options.week-start.choices.saturday.name': 'samedi',
    'rollcall-admin.reports.options.week-start.choices.sunday.name': 'dimanche',
    'rollcall-admin.reports.options.quota-role.description':
      'Un rôle de la communauté (nom ou id) dont les titulaires ont un quota',
    'rollcall-admin.reports.options.quota-hours.description':
      'Heures de service dues par ce rôle par période de rapport (0 retire son quota)',
    'rollcall-admin.reports.options.digest.description':
      "Publier des rapports dans un salon selon un calendrier (désactivé l'arrête)",
    'rollcall-admin.reports.options.digest.choices.daily.name': 'quotidien',
    'rollcall-admin.reports.options.digest.choices.weekly.name': 'hebdomadaire',
    'rollcall-admin.reports.options.digest.choices.off.name': 'désactivé',
    'rollcall-admin.reports.options.digest-channel.description': 'Le salon où le résumé est publié',
    'rollcall-admin.reports.options.digest-hour.description':
      "L'heure (0-23, fuseau horaire des rapports du serveur) de publication du résumé",
    'rollcall-admin.reports.options.digest-day.description':
      "Le jour de publication d'un résumé hebdomadaire",
    'rollcall-admin.reports.options.digest-day.choices.monday.name': 'lundi',
    'rollcall-admin.reports.options.digest-day.choices.tuesday.name': 'mardi',
    'rollcall-admin.reports.options.digest-day.choices.wednesday.name': 'mercredi',
    'rollcall-admin.reports.options.digest-day.choices.thursday.name': 'jeudi',
    'rollcall-admin.reports.options.digest-day.choices.friday.name': 'vendredi',
    'rollcall-admin.reports.options.digest-day.choices.saturday.name': 'samedi',
    'rollcall-admin.reports.options.digest-day.choices.sunday.name': 'dimanche',
    'rollcall-admin.reports.options.digest-reports.description':
      'Quels rapports le résumé contient (par défaut les trois)',
    'rollcall-admin.reports.options.digest-reports.choices.totals,quota,leave.name':
      'totaux, quota, absences',
    'rollcall-admin.reports.options.digest-reports.choices.totals.name': 'totaux',
    'rollcall-admin.reports.options.digest-reports.choices.quota.name': 'quota',
    'rollcall-admin.reports.options.digest-reports.choices.leave.name': 'absences',
    'rollcall-admin.reports.options.digest-reports.choices.totals,quota.name': 'totaux, quota',
    'rollcall-admin.reports.options.digest-reports.choices.totals,leave.name': 'totaux, absences',
    'rollcall-admin.reports.options.digest-reports.choices.quota,leave.name': 'quota, absences',
    'rollcall-admin.reports.options.language.description':
      'La langue dans laquelle les résumés sont publiés (par défaut : celle du serveur)',
    'rollcall-admin.reports.options.language.choices.server.name': 'par défaut du serveur',
    'rollcall-admin.reports.options.language.choices.en.name': 'English',
    'rollcall-admin.reports.options.language.choices.de.name': 'Deutsch',
    'rollcall-admin.reports.options.language.choices.es-ES.name': 'Español',
    'rollcall-admin.reports.options.language.choices.fr.name': 'Français',
    'rollcall-admin.reports.options.language.choices.pt-BR.name': 'Português (Brasil)',
    'rollcall-admin.reports.options.reminder-channel.description':
      'Publier ici un rappel la veille de la fin d’une absence',
    'rollcall-admin.reports.options.reminder-pings.description':
      'Si le rappel notifie le membre qu’il nomme (non par défaut)',
    'rollcall-admin.reports.options.reminders-off.description': 'True désactive les rappels d’absence',
  },
  messages: {
    notFound: "Rien avec cet id n'a été trouvé sur ce serveur communautaire.",
    memberNotFound: "Cet utilisateur Discord n'est pas membre du serveur communautaire.",
    memberIdNotFound: "Aucun membre avec cet id n'a été trouvé sur ce serveur communautaire.",
    loaNotFound: "Aucune LOA avec cet id n'a été trouvée sur ce serveur communautaire.",
    logNotFound: "Aucun journal de modération avec cet id n'a été trouvé sur ce serveur communautaire.",
    shiftNotFound: "Aucun service avec cet id n'a été trouvé sur ce serveur communautaire.",
    roleNotFound: "Aucun rôle avec cet id ou ce nom n'a été trouvé sur ce serveur communautaire.",
    applicationNotFound:
      "Aucune candidature avec cet id ou ce titre n'a été trouvée sur ce serveur communautaire.",
    joinRequestNotFound:
      "Aucune demande d'adhésion de cet utilisateur n'a été trouvée sur ce serveur communautaire.",
    cannotOpen:
      "Cet élément ne peut pas être ouvert : l'API du serveur communautaire lui a donné un id que Rollcall ne peut pas demander. Il reste affiché dans la liste.",
    auditEntryMoved:
      "Cette entrée du journal d'audit n'est plus sur la page où elle était listée ; relancez /audit-log list.",
    giveUsername: 'Donnez le pseudo de jeu.',
    badRequest:
      "L'API du serveur communautaire a refusé cette requête comme invalide ; vérifiez l'id ou le nom donné.",
    unauthorized:
      "L'API du serveur communautaire a rejeté le jeton de Rollcall (invalide ou expiré). Demandez à un admin du serveur de mettre à jour API_TOKEN.",
    forbidden:
      "Le jeton d'API de Rollcall n'a pas la permission pour cela. Demandez à un admin du serveur de donner cette permission au propriétaire du jeton.",
    unavailable: "L'API du serveur communautaire ne répond pas pour le moment ; réessayez dans une minute.",
    malformed:
      "L'API du serveur communautaire a envoyé une réponse que Rollcall n'a pas pu lire ; réessayez dans une minute.",
    tooLarge:
      "L'API du serveur communautaire a envoyé une réponse trop grande pour Rollcall ; un admin du serveur peut augmenter API_MAX_RESPONSE_BYTES.",
    internal: 'Un problème est survenu du côté de Rollcall ; il a été journalisé. Réessayez.',
    notYours:
      'Ces boutons appartiennent au modérateur qui a lancé la commande ; lancez-la vous-même pour parcourir les pages.',
    expired: 'Ces boutons ont expiré ; relancez la commande.',
    oldVersion: "Ces boutons viennent d'une ancienne version de Rollcall ; relancez la commande.",
    dmOnly: 'Rollcall ne fonctionne que dans le Discord du serveur communautaire, pas en messages privés.',
    wrongGuild: "Rollcall n'est pas configuré sur ce serveur.",
    storeUnavailable:
      "Rollcall n'arrive pas à joindre sa base de données pour le moment ; réessayez dans une minute.",
    notLinked:
      "Rollcall n'est encore relié à aucune communauté sur ce serveur ; un admin du serveur (Gérer le serveur) doit lancer /rollcall-admin setup.",
    tokenRejected: "Le jeton d'API de ce serveur a été rejeté ; un admin doit lancer /rollcall-admin setup.",
    tokenUnreadable:
      "Le jeton d'API enregistré pour ce serveur est illisible ; un admin doit relancer /rollcall-admin setup.",
    adminOnly:
      'Seuls les membres ayant la permission Gérer le serveur peuvent configurer Rollcall sur ce serveur.',
    setupRejected:
      "L'API du serveur communautaire a rejeté ce jeton (401) : vérifiez qu'il a été copié en entier et qu'il est encore valide. Rien n'a été enregistré.",
    setupForbidden:
      "Ce jeton n'a pas la permission de lire les données du serveur communautaire (403). Rien n'a été enregistré.",
    setupUnavailable:
      "L'API du serveur communautaire ne répond pas, le jeton n'a donc pas pu être vérifié. Rien n'a été enregistré ; réessayez dans une minute.",
    setupEmpty: "Collez le jeton d'API dans le champ. Rien n'a été enregistré.",
    unlinked: "Délié : le jeton d'API et les réglages de ce serveur sont supprimés.",
    settingsSaved: 'Réglages enregistrés.',
    nothingToUnlink:
      "Aucun jeton d'API n'est relié sur ce serveur ; les réglages enregistrés ici sont supprimés.",
    notAllowed: "Seule l'équipe du serveur communautaire peut utiliser Rollcall.",
    accessRolesTip:
      "Un rôle d'accès lié à un rôle Discord de ce serveur (le serveur communautaire garde les deux en phase) est vérifié gratuitement avec les rôles que porte chaque interaction, et un rôle retiré compte aussitôt. Chacun des autres coûte une requête d'API par vérification, sur un dixième du quota mensuel : liez-le à un rôle Discord dans le serveur communautaire, ou choisissez plutôt avec discord-roles (les rôles de ce serveur).",
    unknownCommand:
      'Cette commande est inconnue de cette version de Rollcall ; les commandes doivent peut-être être redéployées.',
    restarting: 'Rollcall redémarre ; relancez la commande dans une minute.',
    labelNeedsTable:
      "Choisissez à quels codes le libellé s'applique (l'option table). Rien n'a été enregistré.",
    labelNeedsCode:
      "Donnez le code à nommer (l'option code), ou utilisez clear sans code pour vider toute la table. Rien n'a été enregistré.",
    labelBadCode:
      "Le code doit être un nombre entier, comme 3 ou -1 (jusqu'à dix chiffres). Rien n'a été enregistré.",
    labelNeedsText:
      "Donnez le libellé (l'option label), ou activez clear pour en retirer un. Rien n'a été enregistré.",
    labelBoth: "Donnez soit un libellé soit clear, pas les deux. Rien n'a été enregistré.",
    labelBadText:
      "Un libellé est du texte simple : pas de caractères markdown (` * _ ~ | \\ [ ]), de mentions (< > @), de liens ni de caractères invisibles. Rien n'a été enregistré.",
    setupMalformed:
      "Ce n'est pas un jeton d'API : un jeton ne contient que des lettres, chiffres et symboles, sans espace ni saut de ligne. Rien n'a été enregistré.",
    settingsUnreadable:
      'Les réglages Rollcall de ce serveur sont illisibles, Rollcall refuse donc par sécurité ; un admin doit les réenregistrer avec /rollcall-admin settings.',
    serverInstallOnly:
      "Rollcall ne répond que par l'application ajoutée par ce serveur, pas par une application ajoutée à votre propre compte.",
    badSince:
      "Ce since n'est pas valide : donnez une date (2026-11-01, UTC) ou une durée avant maintenant (12h, 7d, 30d, 4w).",
    reportsUnavailable: 'Les rapports ne sont pas disponibles sur ce serveur.',
    badReport: "Ce lien de rapport n'est plus valide ; relancez la commande.",
    badWave: 'La vague est un nombre entier de 0 à 100000.',
    noPlayerLogs: 'Aucun journal pour ce joueur.',
    noPlayerNames: 'Ce message ne nomme aucun joueur ; utilise Saisir un nom… ou /log user.',
    reportRoleUnknown: 'Aucun rôle communautaire n’a ce nom ou cet ID ; /role list les montre.',
    badDays: 'Le nombre de jours est un nombre entier de 1 à 365.',
    badQuotaHours:
      "Un quota est un nombre d'heures supérieur à 0 et au plus 168, avec au plus deux décimales. Rien n'a été enregistré.",
    tooManyQuotas:
      "Au plus 25 rôles peuvent avoir un quota ; retirez-en un d'abord. Rien n'a été enregistré.",
    unknownRole: "Aucun rôle de la communauté n'a ce nom ou cet id. Rien n'a été enregistré.",
    quotaNeedsBoth:
      "Donnez à la fois quota-role et quota-hours (0 heure retire le quota). Rien n'a été enregistré.",
    digestFailed:
      "Le dernier résumé n'a pas pu être publié (Discord ou l'API n'a pas répondu) ; le prochain sera tenté.",
    digestNeedsChannel:
      "Un résumé a besoin d'un salon, d'un calendrier et d'une heure (et d'un jour s'il est hebdomadaire). Rien n'a été enregistré.",
    rateLimited:
      "L'API du serveur communautaire est occupée par les requêtes de Rollcall ; réessayez dans {seconds} s.",
    allowanceMark:
      "Rollcall a utilisé {used:count} des {points:count} requêtes d'API mensuelles de ce serveur communautaire ; les données enregistrées sont montrées plus souvent jusqu'au renouvellement du quota <t:{reset}:f>.",
    'allowanceMark.all':
      "Rollcall a utilisé toutes les {points:count} requêtes d'API mensuelles de ce serveur communautaire ; il montre les données enregistrées jusqu'au renouvellement du quota <t:{reset}:f>.",
    allowanceSpent:
      "Le quota mensuel d'API de ce serveur communautaire est épuisé et Rollcall n'en a aucune copie enregistrée ; il pourra lire de nouvelles données <t:{reset}:f> (<t:{reset}:R>).",
    reportPaced:
      "Rollcall n'a pas encore lu les données de cette communauté pour les rapports : pour que le quota mensuel d'API dure tout le mois, il les lit page par page, et peut commencer <t:{next}:R>.",
    accessUnchecked:
      "Rollcall ne peut pas vérifier votre accès d'équipe pour le moment, il refuse donc par sécurité. {reason}",
    accessChecksSpent:
      "Rollcall ne peut pas vérifier votre accès d'équipe avant <t:{reset}:f> : la part du quota mensuel d'API de ce serveur communautaire réservée aux vérifications d'accès est épuisée.",
    pageRange: 'Entrez un numéro de page de 1 à {last:count}.',
    'pageRange.one': "Cette liste n'a que la page 1.",
    queued: "En attente du quota d'API : vous êtes {position:ordinal} dans la file, environ {wait}.",
    setupSaving:
      "Il reste à ce jeton {left:count} de ses {points:count} requêtes d'API ce mois-ci, toutes gardées en réserve pour ce que les modérateurs n'ont pas encore lu, il n'a donc pas pu être vérifié par une requête. Rien n'a été enregistré ; réessayez <t:{next}:R>.",
    'setupSaving.spent':
      "Il ne reste à ce jeton aucune requête d'API ce mois-ci (son quota mensuel de {points:count} est épuisé), il n'a donc pas pu être vérifié par une requête. Rien n'a été enregistré ; réessayez <t:{next}:R>.",
    tokenHeld:
      "L'API du serveur communautaire vient de rejeter le jeton d'API de ce serveur ; Rollcall le réessaiera de lui-même <t:{next}:R>. Un admin n'a besoin de lancer /rollcall-admin setup que s'il est encore rejeté à ce moment-là.",
    setupTooOften:
      "Ce serveur a fait vérifier {checks} jetons ces dernières minutes ; réessayez dans {minutes} min. Rien n'a été enregistré.",
    tooManyRoles: "Donnez au plus {max} rôles de chaque sorte. Rien n'a été enregistré.",
    labelBadLength: "Un libellé a de 1 à {max} caractères visibles. Rien n'a été enregistré.",
    labelTooMany: "Une table contient au plus {max} libellés ; retirez-en d'abord. Rien n'a été enregistré.",
    notAChoice:
      "Cette valeur ne fait pas partie des choix de `{option}` ; choisissez parmi {choices}. Rien n'a été fait.",
    optionOutOfRange: "`{option}` prend un nombre de {min:count} à {max:count}. Rien n'a été fait.",
    'optionOutOfRange.whole':
      "`{option}` prend un nombre entier de {min:count} à {max:count}. Rien n'a été fait.",
    badOptionValue: "Ce n'est pas une valeur que `{option}` accepte. Rien n'a été fait.",
  },
  words: (f): Sections => ({
    common: {
      yes: 'Oui',
      no: 'Non',
      never: 'jamais',
      underAMinute: "moins d'une minute",
      minutes: (n) => `${f.count(n)} min`,
      hours: (n) => `${f.count(n)} h`,
      days: (n) => `${f.count(n)} j`,
    },

    page: {
      pageOf: (page, pages) => `Page ${f.count(page)} sur ${f.count(pages)}`,
      incomplete: 'pages pas encore toutes lues : les totaux peuvent être bas',
      spentUntil: (utc) => `le quota mensuel d'API de ce serveur est épuisé jusqu'au ${utc} UTC`,
      savingFor: (age) => `économie du quota mensuel d'API de ce serveur : données fraîches dans ${age}`,
      apiUnavailable: 'API indisponible : données enregistrées du',
      dataAsOf: 'Données du',
      savedAsOf: 'Données enregistrées du',
      savedAgedAsOf: (age) => `Données enregistrées (il y a ${age}) du`,
    },

    paging: {
      refresh: '🔄 Actualiser',
      exportCsv: '📄 Exporter en CSV',
      backToList: '↩ Retour à la liste',
      open: 'Ouvrir…',
      goToPage: 'Aller à la page',
      pageNumber: 'Numéro de page',
      pageRangeHint: (last) => `1 à ${f.count(last)}`,
    },

    sentences: {},

    export: {},

    loa: {},

    shift: {},

    member: {},

    role: {},

    log: {},

    auditLog: {},

    application: {},

    joinRequest: {},

    player: {},

    people: {},

    labels: {},

    reports: {
      period: {
        thisWeek: 'Cette semaine',
        lastWeek: 'La semaine dernière',
        last7Days: 'Les 7 derniers jours',
        last30Days: 'Les 30 derniers jours',
        thisMonth: 'Ce mois-ci',
        lastMonth: 'Le mois dernier',
      },
      periodSpan: (name, from, to, zone) => `${name} (${from} – ${to}, ${zone})`,
      filterType: (type) => `type ${type}`,
      filterWave: (wave) => `vague ${f.count(wave)}`,
      totalsTitle: (period) => `Temps de service · ${period}`,
      memberTitle: (memberId, period) => `Membre ${memberId} · ${period}`,
      members: (n) => `${f.count(n)} ${f.plural(n, { one: 'membre', other: 'membres' })}`,
      shifts: (n) => `${f.count(n)} ${f.plural(n, { one: 'service', other: 'services' })}`,
      loas: (n) => `${f.count(n)} ${f.plural(n, { one: 'absence', other: 'absences' })}`,
      atMost: (time) => `au plus ${time}`,
      longest: (time) => `le plus long ${time}`,
      onDutyNowCount: (n) => `${f.count(n)} en service en ce moment`,
      noShifts: 'Aucun service sur cette période.',
      memberTotal: (time, shifts, longest, approximate) =>
        `${approximate ? 'Au plus ' : ''}${time} de service en ${f.count(shifts)} ${f.plural(shifts, { one: 'service', other: 'services' })} (le plus long : ${longest}).`,
      andMore: (n) => `… et ${f.count(n)} de plus`,
      onLeaveTitle: 'Absents en ce moment',
      leaveStartingTitle: (days) =>
        `Absences qui commencent d’ici ${f.count(days)} ${f.plural(days, { one: 'jour', other: 'jours' })}`,
      noReturnDate: 'sans date de retour',
      back: (when) => `retour ${when}`,
      fromBack: (start, back) => `à partir de ${start} · retour ${back}`,
      nobodyOnLeave: 'Personne n’est absent en ce moment.',
      noLeaveStarts: 'Aucune absence ne commence dans ce délai.',
      quotaTitle: (period) => `Contrôle des quotas · ${period}`,
      pass: '✅ atteint',
      fail: '❌ non atteint',
      onLeave: '🌴 absent',
      doneOf: (done, required) => `${done} sur ${required}`,
      quotaSummary: (pass, fail, leave) =>
        `${f.count(pass)} atteint · ${f.count(fail)} non atteint · ${f.count(leave)} absent`,
      noQuotaRoles: (where) => `Aucun membre n’a de rôle avec un quota (${where}).`,
      quotasSetByAdmins: 'les admins fixent les quotas avec /rollcall-admin reports',
      quotasSetInEnvironment: 'les quotas sont fixés dans l’environnement de Rollcall (REPORTS_QUOTAS)',
      onDutyTitle: 'En service en ce moment',
      since: (when) => `depuis ${when}`,
      onDutyFor: (time) => `${time} de service`,
      nobodyOnDuty: 'Personne n’est en service en ce moment.',
      inactiveTitle: (days) =>
        `Aucun service depuis plus de ${f.count(days)} ${f.plural(days, { one: 'jour', other: 'jours' })}`,
      leaveLeftOut: 'absents exclus',
      neverOnDuty: 'jamais en service',
      lastShift: (when) => `dernier service ${when}`,
      onLeaveNoReturn: '🌴 absent, sans date de retour',
      onLeaveUntil: (when) => `🌴 absent jusqu’au ${when}`,
      everyoneActive: 'Chaque membre a eu un service dans ce délai.',
      memberOption: (memberId) => `Membre ${memberId}`,
      theirShifts: 'Ses services sur cette période',
      theirRecord: 'Son dossier',
      neverOnDutyOption: 'Jamais en service',
    },

    digest: {
      allowanceMark: (used, points, reset) =>
        `Rollcall a utilisé ${f.count(used)} des ${f.count(points)} requêtes d'API mensuelles de ce serveur communautaire ; les données enregistrées sont montrées plus souvent jusqu'au renouvellement du quota <t:${reset}:f>.`,
      allowanceSpent: (points, reset) =>
        `Rollcall a utilisé toutes les ${f.count(points)} requêtes d'API mensuelles de ce serveur communautaire ; il montre les données enregistrées jusqu'au renouvellement du quota <t:${reset}:f>.`,
      language: (name) => `Langue du résumé : ${name}.`,
      serverDefault: (name) => `celle du serveur (${name})`,
    },

    help: {
      title: 'Commandes de Rollcall',
      intro:
        'Accès en lecture seule aux registres du serveur communautaire. Les listes se feuillettent avec les boutons en dessous ; ' +
        '« Ouvrir… » affiche un enregistrement. Ajoutez `public:True` à une commande pour publier la réponse dans le salon ' +
        '(sinon vous seul la voyez).',
      memberMenus: 'Clic droit sur un membre → Applications',
      messageMenus: 'Clic droit sur un message → Applications',
      messageMenuLine: 'les joueurs qu’il nomme, et le dossier de chacun',
      moreCommands: 'Autres commandes',
      sampleUser: '@utilisateur',
    },

    status: {
      title: 'État de Rollcall',
      footer: 'Compteurs depuis le démarrage de Rollcall',
      api: 'API',
      reachable: '🟢 Joignable',
      notReachable: '🔴 Injoignable',
      roundTrip: 'Aller-retour',
      milliseconds: (ms) => `${f.count(ms)} ms`,
      savedProbe: (relative) => `réponse enregistrée ${relative} : aucune requête dépensée`,
      cache: 'Cache',
      backendMemory: 'En mémoire',
      backendRedis: 'Redis',
      backendOff: 'Désactivé',
      healthy: 'en bon état',
      notAnswering: 'ne répond pas',
      hitRate: 'Taux de succès du cache',
      noReadsYet: 'aucune lecture pour l’instant',
      hits: (percent, hits, reads) =>
        `${new Intl.NumberFormat(f.locale, { maximumFractionDigits: 1 }).format(percent)} % (${f.count(hits)} sur ${f.count(reads)} lectures)`,
      requestsMade: 'Requêtes API effectuées',
      rateLimited: 'Réponses limitées en débit',
      staleServed: 'Données enregistrées servies (API hors service)',
      coalesced: 'Requêtes partagées',
      version: 'Version',
      uptime: 'Temps de fonctionnement',
      accessRoles: "Rôles d'accès",
      problem: 'Problème',
      leftAsCounted: 'Requêtes restantes (au dernier comptage ici)',
      leftThisMonth: 'Restant ce mois-ci',
      allowedNow: 'Permis maintenant',
      leftOf: (left, points) => `${f.count(left)} sur ${f.count(points)}`,
      noMonthlyLimit: 'Pas de limite mensuelle',
      savedOnlyUntil: (when) => `Données enregistrées uniquement, jusqu'au ${when}`,
      nothingUntil: (when, limit) => `Rien jusqu'au ${when} (${limit})`,
      upToReads: (n) => `Jusqu'à ${f.count(n)} nouvelles lectures`,
      anyRead: 'Toute lecture (aucune limite définie)',
      readsAndRefresh: (reads, next) => `${reads} ; actualisation des données enregistrées : ${next}`,
      dueNow: 'une est due maintenant',
      next: (when) => `prochaine ${when}`,
      monthName: (limit) => `Quota d'API (${limit})`,
      monthLine: (left, points, used, resets) =>
        `${f.count(left)} sur ${f.count(points)} restantes ce mois-ci · ${f.count(used)} utilisées · repart ${resets}`,
      paceSpent: "Rythme : épuisé ; les données enregistrées sont affichées jusqu'à la remise à zéro",
      paceLine: (every, next) =>
        `Rythme : une actualisation des données enregistrées toutes les ${every} (20 % gardés pour les nouvelles lectures) · ${next}`,
      windowName: (limit) => `Limite de requêtes (${limit})`,
      windowLine: (left, window, used, refills) =>
        `${left} restantes dans cette fenêtre de ${window} · ${f.count(used)} utilisées · se remplit ${refills}`,
      leftOfWindow: (left, per) => `${f.count(left)} sur ${f.count(per)}`,
    },

    access: {
      unlinked: 'aucun rôle Discord lié',
      badId: "son rôle Discord lié n'est pas un id de rôle",
      gone: "son rôle Discord lié n'existe plus sur ce serveur",
      unknownRole: 'absent des rôles de la communauté',
      unread: "les rôles de la communauté n'ont pas pu être lus",
      discordRole: (id) => `rôle Discord ${id}`,
      checkedFree: (roles) => `Vérifiés gratuitement (rôle Discord lié) : ${roles}`,
      costLookup: (roles) => `Coûtent une recherche de membre : ${roles}`,
      linkTip: 'Liez-les à un rôle Discord dans le serveur communautaire pour les vérifier gratuitement.',
    },

    admin: {
      setupTitle: 'Relier Rollcall à votre communauté',
      tokenLabel: "Le token d'API du serveur communautaire",
      replaceToken: 'Remplacer le token',
      unlink: 'Délier',
      noRoleNeeded: 'none (aucun rôle requis)',
    },
  }),
};
