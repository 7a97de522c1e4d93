/** French: the commands' texts keyed by their place in the command JSON, the words by section and key (as src/i18n/en.ts). */
import type { Catalogue } from '../catalogue.js';
import type { Area, Section } from '../en.js';
import type { Formats } from '../formats.js';
import { channelMention, dateTime, fromNow, typed, userMention } from '../markup.js';

const common = (f: Formats): Section<'common'> => ({
  yes: 'Oui',
  no: 'Non',
  never: 'jamais',
  underAMinute: "moins d'une minute",
  minutes: (n) => `${f.count(n)} min`,
  hours: (n) => `${f.count(n)} h`,
  days: (n) => `${f.count(n)} j`,
});

const page = (f: Formats): Section<'page'> => ({
  pageOf: (page, pages) => `Page ${f.count(page)} sur ${f.count(pages)}`,
  shownOf: (shown, total, command) =>
    `${f.count(shown)} sur ${f.count(total)} affichés · tous avec ${command}`,
  incomplete: 'pages pas encore toutes lues : les totaux peuvent être bas',
  shiftsLeftOut: (n) =>
    `${f.count(n)} ${f.plural(n, { one: 'service non compté', other: 'services non comptés' })} (début ou fin non valide)`,
  spentUntil: (utc) => `le quota mensuel d'API de ce serveur est épuisé jusqu'au ${utc} UTC`,
  savingFor: (age) => `économie du quota mensuel d'API de ce serveur : données fraîches dans ${age}`,
  apiUnavailable: 'API indisponible : données enregistrées du',
  dataAsOf: 'Données du',
  savedAsOf: 'Données enregistrées du',
  savedAgedAsOf: (age) => `Données enregistrées (il y a ${age}) du`,
});

const paging = (f: Formats): Section<'paging'> => ({
  refresh: '🔄 Actualiser',
  exportCsv: '📄 Exporter en CSV',
  backToList: '↩ Retour à la liste',
  open: 'Ouvrir…',
  goToPage: 'Aller à la page',
  pageNumber: 'Numéro de page',
  pageRangeHint: (last) => `1 à ${f.count(last)}`,
});

const inputSentences = (f: Formats): Area<'inputSentences'> => ({
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
  nameMatchesSeveral: (name, _plural, candidates, more) =>
    `${typed(name)} est le nom de ${f.count(candidates.length + more)} éléments : ${candidates.join(', ')}${more > 0 ? ` et ${f.count(more)} autres` : ''}. Choisissez-en un dans la liste, ou donnez son identifiant.`,
  cannotOpen:
    "Cet élément ne peut pas être ouvert : l'API du serveur communautaire lui a donné un id que Rollcall ne peut pas demander. Il reste affiché dans la liste.",
  auditEntryMoved:
    "Cette entrée du journal d'audit n'est plus sur la page où elle était listée ; relancez /audit-log list.",
  userOrId: (idName) =>
    `Donnez soit un utilisateur Discord, soit un identifiant (${idName}) : l'un des deux, pas les deux.`,
  giveId: (what) => `Donnez l'identifiant (${what}).`,
  badId: (what, max) =>
    `Ce n'est pas un identifiant valide (${what}) : utilisez jusqu'à ${f.count(max)} lettres, chiffres, tirets ou tirets bas.`,
  idName: 'id',
  loaIdName: "id d'absence (LOA)",
  memberIdName: 'id de membre',
  shiftIdName: 'id de service',
  logIdName: 'id de log',
  userIdName: "id d'utilisateur",
  roleIdName: 'id de rôle',
  applicationIdName: 'id de candidature',
  rolesName: 'rôles',
  applicationFormsName: 'formulaires de candidature',
  recordsName: 'enregistrements',
  giveUsername: 'Donnez le pseudo de jeu.',
  badUsername: (max) =>
    `Ce n'est pas un nom de joueur valide : utilisez jusqu'à ${f.count(max)} caractères visibles.`,
  notYours:
    'Ces boutons appartiennent au modérateur qui a lancé la commande ; lancez-la vous-même pour parcourir les pages.',
  expired: 'Ces boutons ont expiré ; relancez la commande.',
  oldVersion: "Ces boutons viennent d'une ancienne version de Rollcall ; relancez la commande.",
  unknownCommand:
    'Cette commande est inconnue de cette version de Rollcall ; les commandes doivent peut-être être redéployées.',
  cannotPostIn: (channelId, missing) =>
    `Rollcall ne peut pas publier dans <#${channelId}> (il manque : ${f.list(missing)}) ; donnez-lui ${missing.length === 1 ? 'cette permission' : 'ces permissions'} ou choisissez un autre salon. Rien n’a été enregistré.`,
  chartCannotPost: (channelId, missing) =>
    `Rollcall ne peut pas publier le graphique du résumé dans <#${channelId}> (il manque : ${f.list(missing)}) ; donnez-lui ${missing.length === 1 ? 'cette permission' : 'ces permissions'}, choisissez un autre salon ou désactivez les graphiques. Rien n’a été enregistré.`,
  formNotThisServer:
    'Ce salon n’appartient pas à ce serveur ; choisissez-en un des siens. Rien n’a été enregistré.',
  formForged:
    'Le formulaire a envoyé une valeur qu’il ne propose pas ; rouvrez-le et choisissez-y. Rien n’a été enregistré.',
  notAChoice: (option, choices) =>
    `Cette valeur ne fait pas partie des choix de \`${option}\` ; choisissez parmi ${choices.map((c) => `\`${c}\``).join(', ')}. Rien n'a été fait.`,
  optionOutOfRange: (option, min, max, whole) =>
    `\`${option}\` prend un ${whole ? 'nombre entier' : 'nombre'} de ${f.count(min)} à ${f.count(max)}. Rien n'a été fait.`,
  badOptionValue: (option) => `Ce n'est pas une valeur que \`${option}\` accepte. Rien n'a été fait.`,
  pageRange: (last) =>
    last === 1 ? "Cette liste n'a que la page 1." : `Entrez un numéro de page de 1 à ${f.count(last)}.`,
  badSince:
    "Ce since n'est pas valide : donnez une date (2026-11-01, UTC) ou une durée avant maintenant (12h, 7d, 30d, 4w).",
  badReport: "Ce lien de rapport n'est plus valide ; relancez la commande.",
  badWave: 'La vague est un nombre entier de 0 à 100000.',
  noPlayerLogs: 'Aucun journal pour ce joueur.',
  playerLogsNotSent: (total) =>
    `L’API du serveur communautaire compte ${f.count(total)} ${f.plural(total, { one: 'journal', other: 'journaux' })} pour ce joueur, mais n’en a envoyé aucun ; réessayez dans un instant.`,
  noPlayerNames: 'Ce message ne nomme aucun joueur ; utilise Saisir un nom… ou /log user.',
  reportRoleUnknown: 'Aucun rôle communautaire n’a ce nom ou cet ID ; /role list les montre.',
  badDays: 'Le nombre de jours est un nombre entier de 1 à 365.',
});

const accessSentences = (f: Formats): Area<'accessSentences'> => ({
  badRequest:
    "L'API du serveur communautaire a refusé cette requête comme invalide ; vérifiez l'id ou le nom donné.",
  unauthorized:
    "L'API du serveur communautaire a rejeté le jeton de Rollcall (invalide ou expiré). Demandez à un admin du serveur de mettre à jour API_TOKEN.",
  forbidden:
    "Le jeton d'API de Rollcall n'a pas la permission pour cela. Demandez à un admin du serveur de donner cette permission au propriétaire du jeton.",
  rateLimited: (seconds) =>
    `L'API du serveur communautaire est occupée par les requêtes de Rollcall ; réessayez dans ${f.count(seconds)} s.`,
  unavailable: "L'API du serveur communautaire ne répond pas pour le moment ; réessayez dans une minute.",
  allowanceMark: (used, points, resetAtSeconds) =>
    used >= points
      ? `Rollcall a utilisé toutes les ${f.count(points)} requêtes d'API mensuelles de ce serveur communautaire ; il montre les données enregistrées jusqu'au renouvellement du quota ${dateTime(resetAtSeconds)}.`
      : `Rollcall a utilisé ${f.count(used)} des ${f.count(points)} requêtes d'API mensuelles de ce serveur communautaire ; les données enregistrées sont montrées plus souvent jusqu'au renouvellement du quota ${dateTime(resetAtSeconds)}.`,
  allowanceSpent: (resetAtSeconds) =>
    `Le quota mensuel d'API de ce serveur communautaire est épuisé et Rollcall n'en a aucune copie enregistrée ; il pourra lire de nouvelles données ${dateTime(resetAtSeconds)} (${fromNow(resetAtSeconds)}).`,
  reportPaced: (nextAtSeconds) =>
    `Rollcall n'a pas encore lu les données de cette communauté pour les rapports : pour que le quota mensuel d'API dure tout le mois, il les lit page par page, et peut commencer ${fromNow(nextAtSeconds)}.`,
  malformed:
    "L'API du serveur communautaire a envoyé une réponse que Rollcall n'a pas pu lire ; réessayez dans une minute.",
  tooLarge:
    "L'API du serveur communautaire a envoyé une réponse trop grande pour Rollcall ; un admin du serveur peut augmenter API_MAX_RESPONSE_BYTES.",
  internal: 'Un problème est survenu du côté de Rollcall ; il a été journalisé. Réessayez.',
  dmOnly: 'Rollcall ne fonctionne que dans le Discord du serveur communautaire, pas en messages privés.',
  wrongGuild: "Rollcall n'est pas configuré sur ce serveur.",
  storeUnavailable:
    "Rollcall n'arrive pas à joindre sa base de données pour le moment ; réessayez dans une minute.",
  notLinked:
    "Rollcall n'est encore relié à aucune communauté sur ce serveur ; un admin du serveur (Gérer le serveur) doit lancer /rollcall-admin setup.",
  tokenRejected: "Le jeton d'API de ce serveur a été rejeté ; un admin doit lancer /rollcall-admin setup.",
  tokenHeld: (nextAtSeconds) =>
    `L'API du serveur communautaire vient de rejeter le jeton d'API de ce serveur ; Rollcall le réessaiera de lui-même ${fromNow(nextAtSeconds)}. Un admin n'a besoin de lancer /rollcall-admin setup que s'il est encore rejeté à ce moment-là.`,
  tokenUnreadable:
    "Le jeton d'API enregistré pour ce serveur est illisible ; un admin doit relancer /rollcall-admin setup.",
  accessNoDiscordRole:
    "Rollcall est réservé aux titulaires de certains rôles Discord sur ce serveur, et vous n'en avez aucun : un administrateur du serveur peut vous en donner un.",
  accessNoLinkedRole: (roles) =>
    `Rollcall est réservé aux titulaires ${roles.length === 1 ? 'du rôle' : 'des rôles'} de la communauté ${roles.join(', ')}, et vous n'avez aucun des rôles Discord qui y sont liés : si vous en avez un sur le serveur de la communauté, demandez à ses administrateurs de vous donner ici le rôle Discord lié.`,
  accessNotMember:
    "Rollcall n'a trouvé aucun membre de la communauté lié à votre compte Discord : liez votre compte Discord à votre fiche de membre sur le serveur de la communauté, puis réessayez.",
  accessNoRole:
    "Votre fiche de membre sur le serveur de la communauté n'a aucun des rôles d'accès de Rollcall : demandez-en un à un administrateur du serveur de la communauté, puis réessayez.",
  accessHeld: (untilSeconds) =>
    `Vous avez été refusé plusieurs fois de suite, Rollcall vous vérifiera donc de nouveau ${fromNow(untilSeconds)} ; si un rôle d'accès vous a été donné entre-temps, il comptera alors.`,
  accessMisconfigured: (setting, value, discordId, discordSetting) =>
    discordId
      ? `Le réglage d'accès ${setting} de Rollcall contient ${typed(value, 100)}, qui n'est pas un rôle de la communauté : cela ressemble à un identifiant de rôle Discord, et les rôles Discord vont dans ${discordSetting}. Un administrateur du serveur doit corriger le réglage ; d'ici là, personne n'entre.`
      : `Le réglage d'accès ${setting} de Rollcall contient ${typed(value, 100)}, le nom d'un rôle : il attend des identifiants de rôles de la communauté (/rollcall status montre le bon). Un administrateur du serveur doit corriger le réglage ; d'ici là, personne n'entre.`,
  accessFirstChecksSpent: (resetAtSeconds, discordSetting) =>
    `Rollcall ne peut pas vous vérifier avant le ${dateTime(resetAtSeconds)} : les vérifications de ce mois pour les personnes qu'il n'a pas encore laissées entrer sont épuisées (qui est entré ce mois-ci est toujours vérifié). Pour des vérifications gratuites, un administrateur du serveur peut lier le rôle d'accès à un rôle Discord sur le serveur de la communauté, ou choisir des rôles Discord avec ${discordSetting}.`,
  accessNotSpender: (discordSetting) =>
    `Rollcall ne dépense de vérification que pour quelqu'un qui a un rôle Discord que le serveur de la communauté lie à l'un de ses rôles ; vous n'en avez aucun, et il ne vous a pas encore laissé entrer. Un administrateur du serveur de la communauté peut lier ses rôles à des rôles Discord de ce serveur (leurs détenteurs sont alors vérifiés), ou un administrateur du serveur peut choisir des rôles Discord avec ${discordSetting}.`,
  accessNoLinks: (discordSetting) =>
    `Rollcall ne dépense de vérification que pour quelqu'un qui a un rôle Discord que le serveur de la communauté lie à l'un de ses rôles, et cette communauté ne lie aucun de ses rôles à un rôle Discord de ce serveur : Rollcall ne vérifie donc personne qu'il n'a pas déjà laissé entrer. Un administrateur du serveur de la communauté peut lier ses rôles à des rôles Discord de ce serveur, ou un administrateur du serveur peut choisir des rôles Discord avec ${discordSetting}.`,
  accessRolesUnread: (retryAtSeconds) =>
    `Rollcall ne peut pas lire les rôles du serveur de la communauté pour le moment : il ne sait donc pas si vous avez un rôle Discord lié à l'un d'eux, et d'ici là il ne vérifie personne qu'il n'a pas déjà laissé entrer. Réessayez ${fromNow(retryAtSeconds)}.`,
  meNotMember:
    "Aucun membre de la communauté de ce serveur n'est lié à ton compte Discord, donc Rollcall n'a ici aucune fiche à ton nom (si tu fais partie de l'équipe de cette communauté, lie ton compte Discord à ta fiche de membre sur son serveur communautaire ; Rollcall regarde de nouveau le mois prochain).",
  meNotSpender:
    "Rollcall cherche la fiche de qui détient un rôle Discord que le serveur de la communauté lie à l'un de ses rôles, et tu n'en détiens aucun : un admin du serveur de la communauté peut lier ses rôles à des rôles Discord de ce serveur.",
  meNoLinks:
    "Rollcall cherche la fiche de qui détient un rôle Discord que le serveur de la communauté lie à l'un de ses rôles, et cette communauté ne lie aucun de ses rôles à un rôle Discord de ce serveur : Rollcall ne cherche donc personne. Un admin du serveur de la communauté peut lier ses rôles à des rôles Discord d'ici.",
  meRolesUnread: (retryAtSeconds) =>
    `Rollcall ne peut pas lire les rôles du serveur de la communauté pour le moment, donc il ne sait pas s'il peut chercher ta fiche ; réessaie ${fromNow(retryAtSeconds)}.`,
  meSpent: (resetAtSeconds) =>
    `Rollcall ne peut pas chercher ta fiche avant le ${dateTime(resetAtSeconds)} : la part du quota mensuel d'API de ce serveur communautaire réservée à la recherche de personnes est épuisée.`,
  accessUnchecked: (reason) =>
    `Rollcall ne peut pas vérifier votre accès d'équipe pour le moment, il refuse donc par sécurité. ${reason}`,
  accessChecksSpent: (resetAtSeconds) =>
    `Rollcall ne peut pas vérifier votre accès d'équipe avant ${dateTime(resetAtSeconds)} : la part du quota mensuel d'API de ce serveur communautaire réservée aux vérifications d'accès est épuisée.`,
  accessRolesTip:
    "Un rôle d'accès lié à un rôle Discord de ce serveur (le serveur communautaire garde les deux en phase) est vérifié gratuitement avec les rôles que porte chaque interaction, et un rôle retiré compte aussitôt. Chacun des autres coûte une requête d'API par vérification, sur un dixième du quota mensuel : liez-le à un rôle Discord dans le serveur communautaire, ou choisissez plutôt avec discord-roles (les rôles de ce serveur).",
  accessRolesChecked: (free, lookups) =>
    [
      ...(free.length > 0 ? [`Vérifiés gratuitement (rôle Discord lié) : ${free.join(', ')}.`] : []),
      ...(lookups.length > 0 ? [`Coûtent une recherche de membre : ${lookups.join(', ')}.`] : []),
    ].join('\n'),
  restarting: 'Rollcall redémarre ; relancez la commande dans une minute.',
  settingsUnreadable:
    'Les réglages Rollcall de ce serveur sont illisibles, Rollcall refuse donc par sécurité ; un admin doit les réenregistrer avec /rollcall-admin settings.',
  serverInstallOnly:
    "Rollcall ne répond que par l'application ajoutée par ce serveur, pas par une application ajoutée à votre propre compte.",
  searchNeeds: (possibleAtSeconds) =>
    `Chercher dans les journaux de ce joueur demande au moins 1 requête à l'API du serveur communautaire (aucune de ses pages de journaux n'est enregistrée), mais aucune ne peut être prise sur le quota de ce mois ; ce sera possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  searchPartial: (searched, pages, needed, possibleAtSeconds) =>
    `${f.count(searched)} ${f.plural(searched, { one: 'page enregistrée parcourue', other: 'pages enregistrées parcourues' })} sur ${f.count(pages)} ; une recherche complète demande ${f.count(needed)} ${f.plural(needed, { one: 'requête de plus', other: 'requêtes de plus' })} à l'API du serveur communautaire, possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  reportsUnavailable: 'Les rapports ne sont pas disponibles sur ce serveur.',
  queued: (position, etaSeconds) =>
    `En attente du quota d'API : vous êtes ${f.ordinal(position)} dans la file, environ ${
      etaSeconds < 57.5
        ? `${f.count(Math.max(5, Math.ceil(etaSeconds / 5) * 5))} s`
        : `${f.count(Math.max(1, Math.round(etaSeconds / 60)))} min`
    }.`,
  inactiveExportReading: (read, total, roles) =>
    `Rien à exporter pour l'instant : savoir qui s'est fait discret demande toutes les pages des services, des absences${roles ? ', des membres et des rôles' : ' et des membres'}, et Rollcall en a lu ${total === undefined ? f.count(read) : `${f.count(read)} sur ${f.count(total)}`} jusqu'ici ; exportez de nouveau une fois toutes les pages lues.`,
});

const linkSentences = (f: Formats): Area<'linkSentences'> => ({
  adminOnly:
    'Seuls les membres ayant la permission Gérer le serveur peuvent configurer Rollcall sur ce serveur.',
  setupLinked: (communityId, roleCount) =>
    `Lié : ce serveur lit désormais le serveur communautaire ${communityId ?? (roleCount === 0 ? '(inconnu : il n’a aucun rôle)' : '(inconnu)')} (${f.count(roleCount)} ${f.plural(roleCount, { one: 'rôle', other: 'rôles' })}).`,
  setupRejected:
    "L'API du serveur communautaire a rejeté ce jeton (401) : vérifiez qu'il a été copié en entier et qu'il est encore valide. Rien n'a été enregistré.",
  setupForbidden:
    "Ce jeton n'a pas la permission de lire les données du serveur communautaire (403). Rien n'a été enregistré.",
  setupUnavailable:
    "L'API du serveur communautaire ne répond pas, le jeton n'a donc pas pu être vérifié. Rien n'a été enregistré ; réessayez dans une minute.",
  setupEmpty: "Collez le jeton d'API dans le champ. Rien n'a été enregistré.",
  unlinked: "Délié : le jeton d'API et les réglages de ce serveur sont supprimés.",
  linkState: (link) =>
    [
      `Lié au serveur communautaire ${link.communityId ?? '(inconnu)'} depuis ${dateTime(link.linkedAt)}, par ${userMention(link.linkedBy)}.`,
      `Empreinte du jeton : ${link.fingerprint}`,
      link.invalidAt
        ? `L'API a rejeté ce jeton ${fromNow(link.invalidAt)} ; les modérateurs sont refusés jusqu'à ce qu'il soit remplacé.`
        : 'État : en service.',
    ].join('\n'),
  nothingToUnlink:
    "Aucun jeton d'API n'est relié sur ce serveur ; les réglages enregistrés ici sont supprimés.",
  setupMalformed:
    "Ce n'est pas un jeton d'API : un jeton ne contient que des lettres, chiffres et symboles, sans espace ni saut de ligne. Rien n'a été enregistré.",
  setupSaving: (left, points, nextAtSeconds) =>
    left <= 0
      ? `Il ne reste à ce jeton aucune requête d'API ce mois-ci (son quota mensuel de ${f.count(points)} est épuisé), il n'a donc pas pu être vérifié par une requête. Rien n'a été enregistré ; réessayez ${fromNow(nextAtSeconds)}.`
      : `Il reste à ce jeton ${f.count(left)} de ses ${f.count(points)} requêtes d'API ce mois-ci, toutes gardées en réserve pour ce que les modérateurs n'ont pas encore lu, il n'a donc pas pu être vérifié par une requête. Rien n'a été enregistré ; réessayez ${fromNow(nextAtSeconds)}.`,
  setupTooOften: (checks, minutes) =>
    `Ce serveur a fait vérifier ${f.count(checks)} jetons ces dernières minutes ; réessayez dans ${f.count(minutes)} min. Rien n'a été enregistré.`,
});

const settingsSentences = (f: Formats): Area<'settingsSentences'> => ({
  settingsState: (s) =>
    [
      `Réponses : ${s.visibility === 'public' ? 'publiques' : 'privées'} par défaut (les modérateurs peuvent toujours choisir avec l'option public).`,
      `Accès : ${
        s.accessRoles.length > 0
          ? `détenteurs du ou des rôles communautaires ${s.accessRoles.join(', ')}${s.requireMember ? ", qui sont membres du serveur de la communauté, comme ce bot l'exige sur chaque serveur (ACCESS_REQUIRE_MEMBER)" : ''}`
          : s.requireMember
            ? "seulement les membres du serveur de la communauté, comme ce bot l'exige sur chaque serveur (ACCESS_REQUIRE_MEMBER) ; les permissions des commandes s'appliquent toujours"
            : 'toute personne que les permissions des commandes autorisent'
      }.`,
      `Rôles Discord : ${(s.discordRoles ?? []).length > 0 ? `seulement les détenteurs de ${(s.discordRoles ?? []).join(', ')} sur ce serveur` : 'aucun rôle Discord requis'}.`,
      `Limites d'API : ${s.limits ?? 'celles du bot par défaut'}.`,
    ].join('\n'),
  settingsSaved: 'Réglages enregistrés.',
  badLimits: (problem) => {
    const detail = () => {
      if (problem.kind === 'none') return "aucune limite n'est indiquée";
      // "limite" is feminine: 1re (not 1er), 2e…
      const place = problem.place === 1 ? '1re' : f.ordinal(problem.place);
      const which = problem.of === 1 ? 'la limite' : `la ${place} limite`;
      const limit = problem.quote === undefined ? which : `${which} (« ${typed(problem.quote, 40)} »)`;
      return {
        shape: `${limit} n'est pas un nombre de requêtes, une barre oblique et une période`,
        unit: `${limit} a une unité de temps autre que \`s\`, \`m\`, \`h\`, \`d\` ou \`month\``,
        zero: `${limit} n'autorise aucune requête, alors qu'une limite doit en autoriser au moins 1`,
        window: `${limit} a une période hors de l'intervalle de 1 seconde à 24 jours (pour le quota mensuel, écrivez \`month\`)`,
        twoMonths: `${limit} est une deuxième limite mensuelle, alors qu'une seule est admise`,
      }[problem.kind];
    };
    return `Ces limites d'API ne sont pas valides : ${detail()} (par exemple 100/month,30/1m, ou default). Rien n'a été enregistré.`;
  },
  accessRoleIsDiscord: (names, discordSetting) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'est un rôle' : 'sont des rôles'} Discord de ce serveur (ou un identifiant de rôle Discord), pas de la communauté : les rôles de la communauté se nomment comme le serveur de la communauté les nomme, et les rôles Discord vont dans ${discordSetting}. Rien n'a été enregistré.`,
  unknownRoles: (names) =>
    `Aucun rôle communautaire ne s'appelle ${names.map((n) => typed(n)).join(', ')} ; donnez des noms ou identifiants de rôles du serveur communautaire, ou none. Rien n'a été enregistré.`,
  labelsState: (tables) =>
    tables.some((t) => t.labels.length > 0)
      ? tables
          .filter((t) => t.labels.length > 0)
          .map((t) => `${t.name} : ${t.labels.map(([code, label]) => `${code} = ${label}`).join(', ')}`)
          .join('\n')
      : "Aucun code n'a de libellé sur ce serveur : les codes sont affichés comme des nombres. Nommez-en un avec /rollcall-admin labels table code label.",
  labelSaved: (code, shown) => `Enregistré : le code ${code} est désormais affiché comme ${shown}.`,
  labelCleared: (code) => `Retiré : le code ${code} est de nouveau affiché comme son nombre.`,
  labelsTableCleared: (table) =>
    `Tous les libellés de ${table} sont retirés : ces codes sont de nouveau affichés comme des nombres.`,
  labelNeedsTable:
    "Choisissez à quels codes le libellé s'applique (l'option table). Rien n'a été enregistré.",
  labelNeedsCode:
    "Donnez le code à nommer (l'option code), ou utilisez clear sans code pour vider toute la table. Rien n'a été enregistré.",
  labelBadCode:
    "Le code doit être un nombre entier, comme 3 ou -1 (jusqu'à dix chiffres). Rien n'a été enregistré.",
  labelNeedsText:
    "Donnez le libellé (l'option label), ou activez clear pour en retirer un. Rien n'a été enregistré.",
  labelBoth: "Donnez soit un libellé soit clear, pas les deux. Rien n'a été enregistré.",
  labelBadLength: (max) =>
    `Un libellé a de 1 à ${f.count(max)} caractères visibles. Rien n'a été enregistré.`,
  labelBadText:
    "Un libellé est du texte simple : pas de caractères markdown (` * _ ~ | \\ [ ]), de mentions (< > @), de liens ni de caractères invisibles. Rien n'a été enregistré.",
  unknownDiscordRoles: (names) =>
    `Ce serveur n'a aucun rôle appelé ${names.map((n) => typed(n)).join(', ')} ; choisissez les rôles dans la liste en tapant, ou none. Rien n'a été enregistré.`,
  botDiscordRoles: (names) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'est le rôle d’un bot, que seul ce bot détient' : 'sont des rôles de bots, que seuls ces bots détiennent'} et qu'aucun membre ne peut recevoir ; choisissez un autre rôle, ou none. Rien n'a été enregistré.`,
  everyoneDiscordRole: (name) =>
    `${typed(name)} désigne tout le monde sur ce serveur, donc l'accès ne peut pas y être limité ; choisissez un autre rôle, ou none. Rien n'a été enregistré.`,
  tooManyRoles: (max) => `Donnez au plus ${f.count(max)} rôles de chaque sorte. Rien n'a été enregistré.`,
  labelTooMany: (max) =>
    `Une table contient au plus ${f.count(max)} libellés ; retirez-en d'abord. Rien n'a été enregistré.`,
  accessNobodyPasses:
    "Personne que Rollcall n'a pas déjà laissé entrer ne passera la vérification d'accès tant qu'aucun rôle n'est lié : une vérification n'est dépensée que pour quelqu'un qui a un rôle Discord que le serveur de la communauté lie à l'un de ses rôles, et il n'en lie aucun (ces rôles d'accès compris) à un rôle Discord de ce serveur ; liez un rôle d'accès à un rôle Discord de ce serveur dans le panneau du serveur de la communauté, puis lancez /rollcall-admin settings pour que Rollcall relise les rôles, ou choisissez discord-roles et mettez access-roles à none.",
});

const reportSentences = (f: Formats): Area<'reportSentences'> => ({
  badTimeZone: (zone) =>
    `${typed(zone)} n'est pas un fuseau horaire que Rollcall connaît ; utilisez un nom IANA comme Europe/London, America/New_York ou UTC. Rien n'a été enregistré.`,
  badQuotaHours:
    "Un quota est un nombre d'heures supérieur à 0 et au plus 168, avec au plus deux décimales. Rien n'a été enregistré.",
  tooManyQuotas: "Au plus 25 rôles peuvent avoir un quota ; retirez-en un d'abord. Rien n'a été enregistré.",
  unknownRole: "Aucun rôle de la communauté n'a ce nom ou cet id. Rien n'a été enregistré.",
  quotaNeedsBoth:
    "Donnez à la fois quota-role et quota-hours (0 heure retire le quota). Rien n'a été enregistré.",
  reportSettingsState: (s) =>
    [
      `Fuseau horaire : ${s.timeZone}.`,
      `Les semaines commencent le ${({ monday: 'lundi', tuesday: 'mardi', wednesday: 'mercredi', thursday: 'jeudi', friday: 'vendredi', saturday: 'samedi', sunday: 'dimanche' } as Record<string, string>)[s.weekStart] ?? s.weekStart}.`,
      `Quotas : ${s.quotas.length > 0 ? s.quotas.join(', ') : 'aucun'}.`,
    ].join('\n'),
  digestNoChannel: (channelId) =>
    `Rollcall ne peut pas publier le résumé dans ${channelMention(channelId)} : le salon n'existe plus ou n'est pas un salon textuel de ce serveur ; choisissez-en un autre.`,
  digestMissing: (channelId, missing) =>
    `Rollcall ne peut pas publier le résumé dans ${channelMention(channelId)} : il manque ${f.list(missing)}.`,
  digestFailed:
    "Le dernier résumé n'a pas pu être publié (Discord ou l'API n'a pas répondu) ; le prochain sera tenté.",
  digestNeedsChannel:
    "Un résumé a besoin d'un salon, d'un calendrier et d'une heure (et d'un jour s'il est hebdomadaire). Rien n'a été enregistré.",
  digestState: (d) =>
    d === undefined
      ? 'Résumé : aucun.'
      : `Résumé : ${d.when} dans ${channelMention(d.channelId)} : ${d.reports.join(', ')}.${d.problem ? `\n⚠️ ${d.problem}` : ''}`,
});

const csvExport = (f: Formats): Section<'export'> => ({
  done: (e) =>
    `${f.count(e.rows)} ${f.plural(e.rows, { one: 'ligne exportée', other: 'lignes exportées' })} dans ${f.count(e.files)} ${f.plural(e.files, { one: 'fichier CSV', other: 'fichiers CSV' })} ; cela a pris ${f.count(e.requests)} ${f.plural(e.requests, { one: 'requête', other: 'requêtes' })} à l'API du serveur communautaire (données datant de ${fromNow(e.fetchedAtSeconds)}).${e.capped === undefined ? '' : ` Seulement les ${f.count(e.capped)} premières lignes sur ${f.count(e.total)} : un export en lit au plus autant.`}`,
  needs: (needed, spare, possibleAtSeconds) =>
    `Exporter toute cette liste demande ${f.count(needed)} ${f.plural(needed, { one: 'requête de plus', other: 'requêtes de plus' })} à l'API du serveur communautaire (des pages que Rollcall n'a pas enregistrées), mais seulement ${f.count(spare)} peuvent être prises sur le quota de ce mois ; ce sera possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  tooLarge: (rows) =>
    `Cette liste (${f.count(rows)} lignes) est trop grande pour être envoyée en fichiers CSV dans la limite d'envoi de Discord ; réduisez-la d'abord.`,
  fileName: (base, part, parts) => (parts > 1 ? `${base}-partie${part}sur${parts}.csv` : `${base}.csv`),
});

const loa = (f: Formats): Section<'loa'> => ({
  title: 'Absences',
  titleOfMember: (memberId) => `Absences du membre ${memberId}`,
  titleFiltered: (filter) => `Absences · ${filter}`,
  filters: {
    pending: 'En attente d’examen',
    active: 'Actives : absents en ce moment',
    ended: 'Terminées',
  },
  count: (n) => `${f.count(n)} LOA`,
  empty: 'Aucune absence trouvée.',
  waiting: (waited) => `en attente depuis ${waited}`,
  waitNotKnown: 'attente inconnue',
  overdue: (hours) => `⏰ plus de ${f.count(hours)} h`,
  queueTitle: 'En attente d’examen',
  queueEmpty: 'Rien n’attend d’examen.',
  queueOldest: (who, waited, partial) =>
    `${partial ? 'La plus ancienne des lues' : 'La plus ancienne'} : ${who}, en attente depuis ${waited}.`,
  queueOverdue: (n, hours, partial) =>
    `⏰ ${f.count(n)}${partial ? ' des lues' : ''} ont attendu plus de ${f.count(hours)} h.`,
  states: {
    cancelled: 'Annulée',
    denied: 'Refusée',
    ended: 'Terminée',
    expired: 'Expirée',
    active: 'En cours',
    approved: 'Approuvée',
    pendingReview: 'En attente d’examen',
  },
  detailTitle: (id, state) => `LOA ${id} · ${state}`,
  member: 'Membre',
  statusCode: 'Code de statut',
  startType: 'Type de début',
  requested: 'Demandée',
  starts: 'Début',
  ends: 'Fin',
  started: 'Commencée',
  ended: 'Terminée',
  length: 'Durée',
  reviewed: 'Examinée',
  reviewedBy: 'Examinée par',
  endedBy: 'Terminée par',
  cancelled: 'Annulée',
  expired: 'Expirée',
  denyReason: 'Motif du refus',
  reasonHistory: 'Historique du motif',
  extensionRequests: 'Demandes de prolongation',
  readsAs: (code, reading) => `${code} (se lit : ${reading})`,
  reviewOutcome: {
    approved: (code) => `${code} (approuvée)`,
    denied: (code) => `${code} (refusée)`,
  },
  readings: {
    approved: 'approuvée',
    denied: 'refusée',
    startingWhenRequested: 'début dès la demande',
    startingLater: 'début ultérieur',
  },
  entryEnd: (from, to) => `fin ${from} → ${to}`,
  entryAtBy: (what, day, by) => `${what} ${day} par ${by}`,
  entryAt: (what, day) => `${what} : ${day}`,
  entryBy: (what, by) => `${what} : ${by}`,
  entryValue: (what, value) => `${what} : ${value}`,
  dateRange: (from, to) => `${from}–${to}`,
  dateFrom: (day) => `à partir du ${day}`,
  dateUntil: (day) => `jusqu’au ${day}`,
  optionKind: 'LOA',
  optionId: (id) => `id ${id}`,
  memberShortcut: 'Membre',
  membersLoas: 'LOA du membre',
});

const shift = (f: Formats): Section<'shift'> => ({
  title: 'Services',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'service', other: 'services' })}`,
  empty: 'Aucun service trouvé.',
  states: { active: 'En cours', ended: 'Terminé', unknown: 'Inconnu' },
  detailTitle: (id, state) => `Service ${id} · ${state}`,
  typeInWave: (type, wave) => `${type} (vague ${wave})`,
  member: 'Membre',
  type: 'Type',
  wave: 'Vague',
  autoEnd: 'Fin automatique',
  started: 'Commencé',
  ended: 'Terminé',
  stillOnDuty: 'Toujours en service',
  endedBy: 'Terminé par',
  length: 'Durée',
  breaks: 'Pauses',
  netTime: 'Temps de service net',
  breakEntries: 'Entrées de pause',
  soFar: (length) => `${length} jusqu’ici`,
  breakCount: (n) => `${f.count(n)} ${f.plural(n, { one: 'pause', other: 'pauses' })}`,
  timesUnreadable: (breaks) => `${breaks} (heures illisibles)`,
  onBreakNow: 'en pause en ce moment',
  oneNeverEnded: 'une jamais terminée',
  unreadable: (n) => `${f.count(n)} ${f.plural(n, { one: 'illisible', other: 'illisibles' })}`,
  atMost: (length) => `au plus ${length}`,
  optionKind: 'Service',
  optionMember: (memberId) => `Membre ${memberId}`,
  theirShifts: 'Ses services sur cette période',
  membersLoas: 'LOA du membre',
});

const member = (f: Formats): Section<'member'> => ({
  title: 'Membres',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'membre', other: 'membres' })}`,
  empty: 'Aucun membre trouvé.',
  joinedOn: (day) => `membre depuis le ${day}`,
  noRolesInRow: 'aucun rôle',
  detailTitle: (id) => `Membre ${id}`,
  id: 'Id',
  joined: 'Membre depuis',
  discordUser: 'Utilisateur Discord',
  roles: 'Rôles',
  linkedRoles: 'Rôles Discord liés',
  none: 'Aucun',
  thisWeek: (from, to, timeZone) => `Cette semaine (${from} – ${to}, ${timeZone})`,
  timeInShifts: (time, shifts) =>
    `${time} en ${f.count(shifts)} ${f.plural(shifts, { one: 'service', other: 'services' })}`,
  rank: (place, of) => `${f.ordinal(place)} sur ${f.count(of)}`,
  noTimeOnDuty: 'aucun temps de service',
  timeInShiftsSoFar: (time, shifts) =>
    `au moins ${time} en ${f.count(shifts)} ${f.plural(shifts, { one: 'service', other: 'services' })} pour l'instant`,
  rankNotKnownYet: 'rang pas encore connu',
  quotaNotMetSoFar: "non atteint pour l'instant",
  notKnownYet: 'pas encore connu',
  onDutyNow: 'en service en ce moment',
  quota: 'Quota',
  quotaMet: 'atteint',
  quotaNotMet: 'non atteint',
  quotaExempt: 'exempté (absent)',
  quotaDone: (done, required) => `${done} sur ${required}`,
  onLeave: 'Absent',
  nextLeave: 'Prochaine absence',
  noReturnDate: 'pas de date de retour',
  leaveUntil: (back) => `jusqu’au ${back}`,
  leaveFromBack: (start, back) => `du ${start} · retour ${back}`,
  timeOnDuty: 'Temps de service',
  standingReportsOff: 'Non affiché : les rapports ne sont pas disponibles sur ce serveur.',
  standingNotRead:
    "Pas encore connu : Rollcall n'a pas encore lu les données des rapports de cette communauté. Elles sont lues quand un rapport est demandé (par exemple /shift totals), une page à la fois, au rythme que permet le quota mensuel de l'API.",
  standingPartsNotRead: (readSoFar) =>
    `Pas encore connu : rien n'est encore lu des services, des LOA et des membres de cette communauté. ${readSoFar}`,
  standingMemberId:
    "Non affiché : l'identifiant de ce membre ne permet pas de le retrouver dans les données des rapports.",
  standingFailed:
    "Impossible à calculer : un problème est survenu en lisant les données des rapports (consigné pour l'opérateur). Le reste de la fiche est tel que lu.",
  reportDataAge: (age) => `données des rapports datant de ${age}`,
  optionMember: (memberId) => `Membre ${memberId}`,
  noRoles: 'Aucun rôle',
  loas: 'LOA',
  shiftsThisWeek: 'Services de la semaine',
  backToLoa: '↩ Retour à la LOA',
  backToRecord: '↩ Retour à la fiche staff',
});

const role = (f: Formats): Section<'role'> => ({
  title: 'Rôles',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'rôle', other: 'rôles' })}`,
  empty: 'Aucun rôle trouvé.',
  linkedTo: (role) => `lié à ${role}`,
  createdOn: (day) => `créé le ${day}`,
  detailTitle: (name) => `Rôle ${name}`,
  id: 'Id',
  colour: 'Couleur',
  linkedRole: 'Rôle Discord lié',
  permissions: 'Permissions',
  extraPermissions: 'Permissions supplémentaires',
  created: 'Créé',
});

const records = (f: Formats): Section<'records'> => ({
  server: (id) => `Serveur ${id}`,
  yes: 'oui',
  no: 'non',
  none: 'Aucun',
  noneInValue: 'aucun',
  entries: (n) => `${f.count(n)} ${f.plural(n, { one: 'entrée', other: 'entrées' })}`,
  items: (n) => `${f.count(n)} ${f.plural(n, { one: 'élément', other: 'éléments' })}`,
  fields: (n) => `${f.count(n)} ${f.plural(n, { one: 'champ', other: 'champs' })}`,
  andMore: (n) => `… et ${f.count(n)} de plus`,
  andMoreFields: (n) => `… et ${f.count(n)} ${f.plural(n, { one: 'autre champ', other: 'autres champs' })}`,
  plusMore: (n) => `+${f.count(n)} ${f.plural(n, { one: 'autre', other: 'autres' })}`,
  pairsMore: (n) => `(+${f.count(n)} ${f.plural(n, { one: 'autre', other: 'autres' })})`,
  inTotal: (n) => `${f.count(n)} au total`,
});

const log = (f: Formats): Section<'log'> => ({
  title: 'Journaux de modération',
  titleOf: (who) => `Journaux de modération de ${who}`,
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'journal', other: 'journaux' })}`,
  empty: 'Aucun journal de modération trouvé.',
  noneAmongSearched:
    "Aucun des journaux parcourus ne correspond. Tous les journaux n'ont pas été parcourus et l'API ne donne aucun ordre : une correspondance peut se trouver parmi les autres.",
  typeOf: (type) => `type ${type}`,
  detailTitle: (id, type) => `Journal ${id} · type ${type}`,
  text: 'Texte',
  description: 'Description',
  gameUsername: 'Pseudo de jeu',
  gameId: 'Id de jeu',
  type: 'Type',
  typeId: 'Id du type',
  created: 'Créé',
  createdBy: 'Créé par',
  completedBy: 'Complété par',
  hidden: 'Masqué',
  hiddenBy: 'Masqué par',
  expired: 'Expiré',
  expiredAt: 'Expiré le',
  expiredBy: 'Expiré par',
  temporaryBan: 'Bannissement temporaire',
  proof: 'Preuves',
  editedBy: 'Modifié par',
  server: (id) => `Serveur ${id}`,
  banStillInEffect: (until) => `Bannissement temporaire jusqu'au ${until}\nToujours en vigueur`,
  banTimePassed: (until) => `Bannissement temporaire jusqu'au ${until}\nL'heure de débannissement est passée`,
  banExpired: (until) =>
    `${until === undefined ? 'Bannissement temporaire' : `Bannissement temporaire jusqu'au ${until}`}\nPas en vigueur : l'entrée est marquée comme expirée`,
  banNoUnbanTime: 'Bannissement temporaire, heure de débannissement non définie',
  banUnbanTime: (until) => `Bannissement temporaire, débannissement ${until}`,
  notBannedUnbanSet: (until) => `Non (débannissement défini : ${until})`,
  unbanTime: (until) => `Débannissement ${until}`,
  openKind: 'Journal',
  openType: (type) => `Type ${type}`,
  allLogsOfPlayer: 'Tous les journaux de ce joueur',
  notFound: "Aucun journal de modération avec cet id n'a été trouvé sur ce serveur communautaire.",
  since: (time) => `depuis ${time}`,
  savedPagesSearched: (searched, pages) =>
    `${f.count(searched)} pages enregistrées sur ${f.count(pages)} parcourues`,
  firstSearched: (n) => `${f.count(n)} premiers journaux parcourus`,
  savedPagesOnly: 'Pages enregistrées seulement',
  searchPartial: (searched, pages, needed, at) =>
    `Recherche faite dans ${f.count(searched)} ${f.plural(searched, { one: 'page enregistrée', other: 'pages enregistrées' })} sur ${f.count(pages)} ; une recherche complète demande ${f.count(needed)} ${f.plural(needed, { one: 'requête', other: 'requêtes' })} de plus à l'API du serveur communautaire, possible <t:${at}:f> (<t:${at}:R>).`,
});

const auditLog = (f: Formats): Section<'auditLog'> => ({
  title: "Journal d'audit",
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'entrée', other: 'entrées' })}`,
  empty: "Aucune entrée du journal d'audit trouvée.",
  typeOf: (type) => `type ${type}`,
  by: (user) => `par ${user}`,
  detailTitle: (id, type) => `Entrée du journal d'audit ${id} · type ${type}`,
  description: 'Description',
  type: 'Type',
  user: 'Utilisateur',
  application: 'Candidature',
  time: 'Heure',
  server: (id) => `Serveur ${id}`,
  pageOf: (page) => `Page ${f.count(page)} du journal d'audit`,
  openKind: "Entrée d'audit",
  openType: (type) => `Type ${type}`,
});

const application = (f: Formats): Section<'application'> => ({
  title: 'Candidatures',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'candidature', other: 'candidatures' })}`,
  empty: 'Aucune candidature trouvée.',
  open: 'Ouverte',
  closed: 'Fermée',
  untitled: 'Sans titre',
  updated: (day) => `mise à jour ${day}`,
  detailTitle: (title) => `Candidature : ${title}`,
  id: 'Id',
  acceptingResponses: 'Accepte des réponses',
  banAppeal: 'Appel de bannissement',
  cooldown: "Délai d'attente",
  maxLogs: 'Journaux max.',
  minMembership: 'Ancienneté Discord min.',
  resultsChannel: 'Salon des résultats',
  eventsChannel: 'Salon des événements',
  gameGroup: 'Groupe de jeu',
  created: 'Créée',
  lastUpdated: 'Dernière mise à jour',
  banner: 'Bannière',
  settings: 'Paramètres',
  onApproval: "À l'acceptation",
  onDenial: 'Au refus',
  reviewers: 'Examinateurs',
  applicants: 'Candidats',
  mentionedOnSubmit: "Mentionnés à l'envoi",
  closedMessage: 'Message de fermeture',
  submissionMessage: "Message d'envoi",
  sections: 'Sections',
  questions: 'Questions',
  presets: 'Modèles',
  adds: 'Ajoute',
  removes: 'Retire',
  review: 'Examen',
  reviewOnly: 'Examen seul',
  mustHave: 'Doivent avoir',
  mustNotHave: 'Ne doivent pas avoir',
  setting: {
    requireChatMember: 'Doit être sur le serveur Discord',
    collectGameAccount: 'Recueille le compte de jeu',
    stageResponses: 'Réponses par étapes',
    requireApprovedReason: 'Motif requis pour accepter',
    requiredDenialReason: 'Motif requis pour refuser',
    revealReviewer: "Révèle l'examinateur",
    resultsMentionUser: 'Les résultats mentionnent le candidat',
    inviteOnApproval: "Invitation à l'acceptation",
    banAppealNote: "Note d'appel de bannissement",
  },
  server: (id) => `Serveur ${id}`,
  notFound: "Aucune candidature avec cet id ou ce titre n'a été trouvée sur ce serveur communautaire.",
});

const joinRequest = (_f: Formats): Section<'joinRequest'> => ({
  title: "Demande d'adhésion",
  user: 'Utilisateur',
  userId: "Id de l'utilisateur",
  joinCode: "Code d'adhésion",
  requested: 'Demandée',
  server: (id) => `Serveur ${id}`,
  memberRecord: 'Fiche du membre',
  notFound: "Aucune demande d'adhésion de cet utilisateur n'a été trouvée sur ce serveur communautaire.",
});

const player = (f: Formats): Section<'player'> => ({
  title: (username) => `Joueur ${username}`,
  entries: 'Entrées',
  countsOfRead: (n) => `(décompte des ${f.count(n)} lues, ordre inconnu)`,
  byType: 'Par type',
  temporaryBan: 'Bannissement temporaire',
  banInEffectUntil: (until) => `En vigueur jusqu'au ${until}`,
  noBanInEffect: 'Aucun en vigueur',
  banWithoutEnd: (when) =>
    `Un bannissement temporaire du ${when} n'a pas d'heure de débannissement : il peut être encore en vigueur`,
  banUndecided: (read, total, at, atMost) =>
    `Inconnu : aucun en vigueur parmi les ${f.count(read)} entrées lues sur ${f.count(total)}${at === undefined ? '' : ` ; ${atMost === undefined ? 'le reste pourra être lu' : `les ${f.count(atMost)} premières pourront être lues`} <t:${at}:f> (<t:${at}:R>)`}`,
  hidden: 'Masquées',
  expired: 'Expirées',
  newestShown: (n) => `Les ${f.count(n)} plus récentes affichées`,
  newestOfRead: (n, read) => `Les ${f.count(n)} plus récentes des ${f.count(read)} lues affichées`,
  allTheirLogs: 'Tous ses journaux',
  checkPlayer: 'Vérifier le joueur',
  gameUsername: 'Pseudo de jeu',
  typeUsername: 'Saisir un nom…',
  namedTitle: 'Joueurs nommés dans ce message',
  usernames: (n) => `${f.count(n)} ${f.plural(n, { one: 'pseudo', other: 'pseudos' })}`,
  noUsername: 'Aucun pseudo trouvé.',
  theirRecord: 'Son dossier de modération',
});

const people = (_f: Formats): Section<'people'> => ({
  member: (id) => `membre ${id}`,
});

const labels = (_f: Formats): Section<'labels'> => ({
  table: {
    logTypes: 'Type de journal',
    loaStatus: 'Statut de LOA',
    loaStartType: 'Type de début de LOA',
    auditTypes: "Type d'audit",
    banAppeal: 'Appel de bannissement',
  },
});

const reports = (f: Formats): Section<'reports'> => ({
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
  pass: 'atteint',
  fail: 'non atteint',
  onLeave: 'absent',
  doneOf: (done, required) => `${done} sur ${required}`,
  quotaSummary: (pass, fail, leave) =>
    `${f.count(pass)} atteint · ${f.count(fail)} non atteint · ${f.count(leave)} absent`,
  noQuotaRoles: (where) => `Aucun membre n’a de rôle avec un quota (${where}).`,
  quotasSetByAdmins: 'les admins fixent les quotas avec /rollcall-admin reports',
  quotasSetInEnvironment: 'les quotas sont fixés dans l’environnement de Rollcall (REPORTS_QUOTAS)',
  onDutyTitle: 'En service en ce moment',
  startedAgo: (when) => `commencé ${when}`,
  onDutyFor: (time) => `${time} de service`,
  nobodyOnDuty: 'Personne n’est en service en ce moment.',
  inactiveTitle: (days) =>
    `Aucun service depuis plus de ${f.count(days)} ${f.plural(days, { one: 'jour', other: 'jours' })}`,
  leaveLeftOut: 'absents exclus',
  neverOnDuty: 'jamais en service',
  lastShift: (when) => `dernier service ${when}`,
  onLeaveNoReturn: 'absent, sans date de retour',
  onLeaveUntil: (when) => `absent jusqu’au ${when}`,
  everyoneActive: 'Chaque membre a eu un service dans ce délai.',
  inactiveNeedsEveryPage: (read, total, roles) =>
    `Savoir qui s'est fait discret demande toutes les pages des services, des absences${roles ? ', des membres et des rôles' : ' et des membres'}, et Rollcall en a lu ${total === undefined ? f.count(read) : `${f.count(read)} sur ${f.count(total)}`} pour l'instant (une page à la fois, au rythme que permet le quota mensuel de l'API). Personne n'est listé d'ici là : redemandez plus tard.`,
  readSoFar: (read, total, next) =>
    `Rollcall a lu ${total === undefined ? f.count(read) : `${f.count(read)} sur ${f.count(total)}`} pages pour l'instant (une page à la fois, au rythme que permet le quota mensuel de l'API) : redemandez ${next === undefined ? 'plus tard' : `après ${next}`}.`,
  notKnownYet: (readSoFar) => `Pas encore connu : ${readSoFar}`,
  partialRows: (readSoFar) =>
    `⚠️ Partiel : d'autres peuvent figurer sur des pages pas encore lues. ${readSoFar}`,
  soFar: (total) => `${total} pour l'instant`,
  failSoFar: "non atteint pour l'instant",
  quotaSummarySoFar: (pass, fail, leave) =>
    `${f.count(pass)} atteint · ${f.count(fail)} non atteint pour l'instant · ${f.count(leave)} absent`,
  runningLong: (days) =>
    `⚠️ en cours depuis ${f.count(days)} ${f.plural(days, { one: 'jour', other: 'jours' })} (la fin automatique a peut-être échoué)`,
  memberOption: (memberId) => `Membre ${memberId}`,
  theirShifts: 'Ses services sur cette période',
  theirRecord: 'Son dossier',
  neverOnDutyOption: 'Jamais en service',
});

const digest = (f: Formats): Section<'digest'> => ({
  allowanceMark: (used, points, reset) =>
    `Rollcall a utilisé ${f.count(used)} des ${f.count(points)} requêtes d'API mensuelles de ce serveur communautaire ; les données enregistrées sont montrées plus souvent jusqu'au renouvellement du quota <t:${reset}:f>.`,
  allowanceSpent: (points, reset) =>
    `Rollcall a utilisé toutes les ${f.count(points)} requêtes d'API mensuelles de ce serveur communautaire ; il montre les données enregistrées jusqu'au renouvellement du quota <t:${reset}:f>.`,
  language: (name) => `Langue du résumé : ${name}.`,
  serverDefault: (name) => `celle du serveur (${name})`,
});

const help = (_f: Formats): Section<'help'> => ({
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
});

const status = (f: Formats): Section<'status'> => ({
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
  accessRules: "Règles d'accès",
  lastRefusals: 'Derniers refus (ce processus)',
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
});

const access = (f: Formats): Section<'access'> => ({
  unlinked: 'aucun rôle Discord lié',
  badId: "son rôle Discord lié n'est pas un id de rôle",
  notOnServer: (id) =>
    `son rôle Discord lié ${id} n'est pas un rôle de ce serveur (il doit exister sur chaque serveur que Rollcall sert)`,
  unknownRole: 'absent des rôles de la communauté',
  discordId:
    'un identifiant de rôle Discord, pas un rôle de la communauté : les rôles Discord vont dans le réglage des rôles Discord',
  roleName: (id) => `le nom d'un rôle, pas son identifiant : le rôle de la communauté de ce nom est ${id}`,
  unread: "les rôles de la communauté n'ont pas pu être lus",
  rolesRead: (count, when) => `Liste des rôles (${count} rôles) lue ${when} ;`,
  firstRoles: (count) => `les ${f.count(count)} premiers`,
  rolesNext: (when) => `relue au plus tard ${when}, ou au prochain /rollcall status.`,
  rolesFailing: (when) =>
    `elle n'a pas pu être relue (l'API du serveur de la communauté ne répond pas) : nouvel essai ${when}.`,
  rolesSpent: (when) => `pas relue : le quota de l'API pour cela est épuisé jusqu'au ${when}.`,
  rolesPaced: (when) => `pas encore relue : le rythme du mois le permet ${when}.`,
  rolesUnread: (reason, when) =>
    `Les rôles de la communauté n'ont pas pu être lus, donc chaque rôle d'accès coûte une recherche de membre : ${reason} Nouvel essai ${when}.`,
  ruleDiscordRoles: (setting, ids) =>
    `Rôles Discord (${setting}) : ${ids} : vérifiés gratuitement à chaque interaction.`,
  ruleMember: 'Membres du serveur de la communauté uniquement : une recherche de membre par vérification.',
  ruleRoles: (setting) => `Rôles de la communauté (${setting}) :`,
  ruleNone: 'Aucune : tous ceux que les permissions des commandes autorisent.',
  quotaNotRoles: (setting, roles) =>
    `${setting} nomme des rôles qui ne sont pas des rôles de la communauté, donc leurs quotas ne comptent personne : ${roles}.`,
  quotaDiscordId: 'un ID de rôle Discord : les quotas prennent des ID de rôles de la communauté',
  noRefusals: 'Aucun depuis le démarrage de ce processus.',
  refusalLine: (cause, count, when) => `${cause} : ${f.count(count)} (dernier ${when})`,
  cause: {
    'discord-role': 'aucun rôle Discord du réglage des rôles Discord',
    'linked-role': 'aucun des rôles Discord liés',
    'not-member': 'aucun membre de la communauté lié à son compte Discord',
    'no-access-role': "un membre sans rôle d'accès",
    held: 'refusé encore et encore (sans recherche)',
    misconfigured: "le réglage d'accès ne nomme aucun rôle de la communauté",
    'first-checks-spent': 'premières vérifications du mois épuisées',
    'unlinked-user': 'aucun rôle Discord lié à un rôle de la communauté (non recherché)',
    'no-links':
      'aucun rôle de la communauté lié à un rôle Discord de ce serveur (personne de nouveau recherché)',
    'roles-unread': 'rôles de la communauté illisibles (personne de nouveau recherché)',
    'checks-spent': "part des vérifications d'accès épuisée",
    unchecked: "l'API du serveur de la communauté ne répond pas",
  },
  discordRole: (id) => `rôle Discord ${id}`,
  checkedFree: (roles) => `Vérifiés gratuitement (rôle Discord lié) : ${roles}`,
  costLookup: (roles) => `Coûtent une recherche de membre : ${roles}`,
  linkTip: 'Liez-les à un rôle Discord dans le serveur communautaire pour les vérifier gratuitement.',
});

const admin = (f: Formats): Section<'admin'> => ({
  setupTitle: 'Relier Rollcall à votre communauté',
  tokenLabel: "Le token d'API du serveur communautaire",
  replaceToken: 'Remplacer le token',
  unlink: 'Délier',
  noRoleNeeded: 'none (aucun rôle requis)',
  digestDaily: (hour) => `chaque jour à ${hour}`,
  digestWeekly: (day, hour) => `chaque ${day} à ${hour}`,
  weekday: {
    monday: 'lundi',
    tuesday: 'mardi',
    wednesday: 'mercredi',
    thursday: 'jeudi',
    friday: 'vendredi',
    saturday: 'samedi',
    sunday: 'dimanche',
  },
  report: {
    totals: 'temps de service',
    quota: 'résultats des quotas',
    leave: 'absents en ce moment',
  },
  form: {
    reportsTitle: 'Réglages des rapports',
    digestChannel: 'Salon du résumé',
    digestChannelHint: 'Vide : pas de résumé. Un nouveau résumé demande sa fréquence et son heure (options).',
    reminderChannel: 'Salon des rappels d’absence',
    weekStart: 'Premier jour de la semaine',
    language: 'Langue du résumé',
    serverLanguage: 'Celle du serveur',
    switches: 'Rappels et graphiques',
    reminders: 'Publier les rappels d’absence',
    pings: 'Les rappels mentionnent le membre',
    charts: 'Graphiques dans les rapports et résumés',
    settingsTitle: 'Paramètres du serveur',
    accessRoles: 'Rôles de la communauté autorisés',
    accessRolesHint: 'Aucun choisi : aucun rôle de la communauté requis.',
    accessRolesTyped: 'Noms ou ids, séparés par des virgules (trop de rôles pour une liste). Vide : aucun.',
    staleRole: (id) => `${id} (absent de la liste des rôles)`,
    discordRoles: 'Rôles Discord autorisés',
    discordRolesHint: 'Aucun choisi : aucun rôle Discord requis.',
    visibility: 'Réponses par défaut',
    private: 'Privées (seul le demandeur les voit)',
    public: 'Publiées pour tous',
    limits: 'Limites d’API',
    limitsHint: 'Comme 100/month,30/1m. Vide : celles du bot.',
    changed: (items) => `Modifié : ${items}.`,
    nothingChanged: 'Rien n’a changé.',
    item: {
      digest: 'salon du résumé',
      reminders: 'rappels d’absence',
      weekStart: 'premier jour de la semaine',
      language: 'langue du résumé',
      charts: 'graphiques',
      accessRoles: 'rôles de la communauté autorisés',
      discordRoles: 'rôles Discord autorisés',
      visibility: 'visibilité par défaut',
      limits: 'limites d’API',
    },
  },
  reviewAfter: (hours) =>
    hours === undefined
      ? 'File d’examen : une LOA en attente n’est jamais signalée.'
      : `File d’examen : une LOA en attente depuis plus de ${f.count(hours)} h est signalée.`,
});

const reminders = (f: Formats): Section<'reminders'> => ({
  returningTitle: 'Retours cette semaine',
  startingTitle: 'Départs cette semaine',
  returningEmpty: "Personne ne revient d'absence cette semaine.",
  startingEmpty: 'Aucune absence ne commence cette semaine.',
  alsoReturning: (n) =>
    `+ ${f.count(n)} absents en ce moment et de retour cette semaine : voir « Retours cette semaine ».`,
  returningRow: (who, back) => `${who} · de retour ${back}`,
  startingRow: (who, from, back) => `${who} · à partir de ${from} · de retour ${back}`,
  noReturnDate: 'pas de date de retour',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'absence', other: 'absences' })}`,
  reminder: (who, back) => `Fin d'absence demain : ${who} est de retour ${back}.`,
  state: (r) =>
    r === undefined
      ? "Rappels d'absence : désactivés."
      : `Rappels d'absence : dans ${channelMention(r.channelId)}, la veille de la fin d'une absence (${r.pings ? 'en mentionnant le membre' : 'sans mention'}).${r.problem ? `\n⚠️ ${r.problem}` : ''}`,
  needsChannel: "Les rappels d'absence ont besoin d'un salon (reminder-channel). Rien n'a été enregistré.",
  noChannel: (channelId) =>
    `Rollcall ne peut pas publier de rappels d'absence dans ${channelMention(channelId)} : le salon n'existe plus ou n'est pas un salon textuel de ce serveur ; choisissez-en un autre.`,
  missing: (channelId, missing) =>
    `Rollcall ne peut pas publier de rappels d'absence dans ${channelMention(channelId)} : il manque ${f.list(missing)}.`,
  failed:
    "Le dernier rappel d'absence n'a pas pu être publié (Discord n'a pas répondu) ; le prochain sera tenté.",
  refused: (channelId, permissions) =>
    `Discord a refusé le dernier rappel d'absence dans ${channelMention(channelId)} (403) : il manque à Rollcall ${permissions.join(' ou ')} dans ce salon ; donnez-lui cette permission, et le prochain sera tenté.`,
});

const charts = (f: Formats): Section<'charts'> => ({
  totalsTitle: (period) => `Temps de service · ${period}`,
  quotaTitle: (period) => `Heures face au quota · ${period}`,
  memberTitle: (who) => `${who} · temps de service par jour, quatre dernières semaines`,
  digestDaysTitle: 'Temps de service de l’équipe par jour, semaine passée',
  digestLeaveTitle: 'En absence, semaine à venir',
  hours: 'Heures',
  quota: 'Quota requis',
  pass: 'atteint',
  fail: 'non atteint',
  onLeave: 'en absence',
  onDuty: 'en service',
  firstOf: (shown, total) => `Les ${f.count(shown)} premiers sur ${f.count(total)}`,
  noData: 'Pas de graphique : rien à dessiner.',
  unavailable: 'Pas de graphique : les graphiques n’ont pas pu être dessinés pour l’instant.',
  tooLarge: 'Pas de graphique : l’image serait trop lourde à envoyer.',
  off: 'Graphiques : désactivés (réponses et résumés s’en passent).',
});

export const fr = {
  locale: 'fr',
  ordinal: (n) => (n === '1' ? '1er' : `${n}e`),
  units: { d: ' j', h: ' h', m: ' min', s: ' s' },
  invalidDate: (raw) => `${raw} (date non valide)`,
  commands: {
    'Staff record.name': 'Fiche staff',
    'LOAs.name': 'Absences',
    'Join request.name': "Demande d'adhésion",
    'Check player.name': 'Vérifier le joueur',
    'loa.description': 'Absences (LOA) du serveur communautaire',
    'loa.list.description':
      "Lister les LOA (récentes d'abord) ou celles d'un état (en attente : anciennes d'abord)",
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
    'me.description': "Ta propre fiche d'équipe (toi seul la vois)",
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
    'rollcall-admin.settings.options.show.description':
      'True affiche les réglages en texte au lieu d’ouvrir le formulaire',
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
    'rollcall-admin.reports.options.show.description':
      'True affiche les réglages en texte au lieu d’ouvrir le formulaire',
    'rollcall-admin.reports.options.reminders-off.description': 'True désactive les rappels d’absence',
    'rollcall-admin.reports.options.review-after-hours.description':
      'Heures qu’une LOA en attente peut attendre avant d’être signalée (0 : jamais)',
    'rollcall-admin.reports.options.charts.description':
      'Si les réponses des rapports et les résumés portent des graphiques (oui par défaut)',
  },
  sections: {
    common,
    page,
    paging,
    sentences: { inputSentences, accessSentences, linkSentences, settingsSentences, reportSentences },
    export: csvExport,
    loa,
    shift,
    member,
    role,
    records,
    log,
    auditLog,
    application,
    joinRequest,
    player,
    people,
    labels,
    reports,
    digest,
    help,
    status,
    access,
    admin,
    reminders,
    charts,
  },
} satisfies Catalogue;
