/**
 * How what needs no community (the admins' /rollcall-admin and the controls under its answers) is
 * answered, always privately: `execute` timed by the responder; `open` worked out first (a modal
 * cannot follow a defer), then its modal shown or its answer sent. `check` runs before either; what
 * it or they throw is answered as any command's failure.
 */
import type { ButtonInteraction, ChatInputCommandInteraction, ModalSubmitInteraction } from 'discord.js';
import type { Ask } from './ask.js';
import type { ModalAnswer, ServerAnswer, ServerControls } from './command.js';
import { type Payload, say } from './replies.js';
import type { Responder, Route } from './respond.js';

export async function answerServer<I extends ChatInputCommandInteraction | ButtonInteraction>(
  respond: Responder,
  ask: Ask<I>,
  answer: ServerAnswer<I>,
  how: { check?: () => void; newMessage?: boolean },
): Promise<void> {
  const route = (run: () => Promise<Payload>): Route => ({ private: true, newMessage: how.newMessage, run });
  if ('execute' in answer) {
    const form = answer.form;
    if (form) {
      let modal: ModalAnswer | undefined;
      try {
        how.check?.();
        modal = await form(ask);
      } catch (error) {
        return respond.answer(
          route(() => Promise.reject(error)),
          ask,
        );
      }
      if (modal) return respond.showModal(ask, modal.modal);
    }
    return respond.answer(
      route(async () => {
        how.check?.();
        return answer.execute(ask);
      }),
      ask,
    );
  }
  let opened: Payload | ModalAnswer;
  try {
    how.check?.();
    opened = await answer.open(ask);
  } catch (error) {
    return respond.answer(
      route(() => Promise.reject(error)),
      ask,
    );
  }
  if ('modal' in opened) return respond.showModal(ask, opened.modal);
  return respond.answer(
    route(async () => opened),
    ask,
  );
}

/**
 * A control outside the paging codec: the control its custom_id names, run if the interaction is
 * of its kind; anything else is out of date. Its answer is a message of its own.
 */
export function answerServerControl(
  respond: Responder,
  ask: Ask<ButtonInteraction | ModalSubmitInteraction>,
  controls: ServerControls,
): Promise<void> {
  const { interaction } = ask;
  const control = controls.parse(interaction.customId);
  if (control?.on === 'button' && interaction.isButton())
    return answerServer(respond, ask as Ask<ButtonInteraction>, control, { newMessage: true });
  if (control?.on === 'modal' && interaction.isModalSubmit()) {
    const submitted = ask as Ask<ModalSubmitInteraction>;
    return respond.answer(
      { private: true, newMessage: true, run: () => control.execute(submitted) },
      submitted,
    );
  }
  return respond.refuse(interaction, say.expired);
}
