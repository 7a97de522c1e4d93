/** /application: application forms — the whole list, or one form (with autocomplete by title). */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Application } from '../generated/api.js';
import { gatherPages } from '../src/api/pages.js';
import type { Resources } from '../src/api/types.js';
import { argumentsOf, type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { type Picker, pickedId, pickerChoices } from '../src/discord/lookup.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import type { DetailView, ListView } from '../src/discord/paging/views.js';
import { say } from '../src/discord/replies.js';
import { renderApplication, renderApplicationList } from '../src/render/application.js';
import { NONE, plainText } from '../src/render/format.js';
import { VIEW } from './view-ids.js';

export const applicationListView: ListView<Application> = {
  kind: 'list',
  id: 'application.all',
  takesArg: false,
  fetch: ({ resources: api }, _arg, query, options) => api.listApplications(query, options),
  render: ({ items, info, source }) => renderApplicationList(items, info, source),
  open: {
    detailView: VIEW.application,
    option: ({ item: app, who }) => {
      if (typeof app.id !== 'string') return undefined;
      const t = who.t;
      return {
        label: plainText(app.title, 100) === NONE ? plainText(app.id, 100) : plainText(app.title, 100),
        value: app.id,
        // The id tells apart forms that share a title.
        description: [
          plainText(app.id, 60),
          app.acceptingResponses === true
            ? t.application.acceptingResponses
            : app.acceptingResponses === false
              ? t.application.closed
              : undefined,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    },
  },
};

export const applicationDetailView: DetailView<Application> = {
  kind: 'detail',
  id: VIEW.application,
  fetch: ({ resources: api }, id, options) => api.getApplication(id, options),
  render: renderApplication,
  notFound: say.applicationNotFound,
};

/** Every form (pages of 100, capped), read through the API layer's cache. */
async function allApplications(resources: Resources): Promise<Application[]> {
  return (await gatherPages<Application>((query) => resources.listApplications(query))).items;
}

/** A picked choice is an id; a title typed in full without picking still finds its form. */
const applicationPicker: Picker<Application> = {
  option: 'application',
  load: allApplications,
  name: (app) => app.title,
  id: (app) => app.id,
  what: (t) => t.sentences.applicationIdName,
  plural: (t) => t.sentences.applicationFormsName,
};

const data = defineCommand({
  name: 'application',
  description: 'Application forms of the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'list',
      description: 'List all application forms',
      options: [publicOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'view',
      description: 'Show one application form and its settings',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'application',
          description: 'Start typing the title and pick it, or give the application id',
          required: true,
          max_length: 100,
          autocomplete: true,
        },
        publicOption,
      ],
    },
  ],
});

export const application = {
  data,
  views: [applicationListView, applicationDetailView],
  async execute(ctx) {
    if (argumentsOf(ctx.interaction, data).subcommand() === 'list') {
      return showList(applicationListView, ctx.show);
    }
    return showDetail(applicationDetailView, await pickedId(applicationPicker, ctx), ctx.show);
  },
  autocomplete: (ctx) => pickerChoices(applicationPicker, ctx),
} satisfies Command;
