import { randomBytes } from 'node:crypto';
import type { Lang, Logger, Mailer } from '@wishlist/service-kit';
import { findList } from '../data/lists';
import { invitationOutbox, type ListManagerDoc } from '../data/managers';
import { hashToken } from '../data/reminders';
import type { UsersApi } from '../reminders/users';
import { invitationMail } from './invitationMail';
import { INVITATION_DAYS } from './rules';

/** A copy that claimed an invitation has this long to send it before another copy may. */
const SEND_LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
const RETRY_MS = 60_000;
const MAX_PER_RUN = 200;

/** 128 random bits, base64url: what the invitation link carries (stored only as its SHA-256). */
export const newInvitationToken = () => randomBytes(16).toString('base64url');

export interface InvitationSender {
  /** Sends the invitation mails due (each once across the service's copies); how many went. */
  deliver(): Promise<number>;
}

export function createInvitationSender(deps: { users: UsersApi; mailer: Mailer; publicUrl: string; logger?: Logger; now?: () => Date }): InvitationSender {
  const now = deps.now ?? (() => new Date());
  const base = deps.publicUrl.replace(/\/+$/, '');

  async function send(invitation: ListManagerDoc): Promise<boolean> {
    const at = now();
    const list = invitation.userId === null && invitation.expiresAt > at ? await findList(String(invitation.listId)) : null;
    if (!list) {
      await invitationOutbox.mark(invitation._id, 'dropped', at);
      return false;
    }
    const inviter = await deps.users.contact(invitation.invitedBy).catch(() => null);
    const lang: Lang = invitation.lang === 'fr' ? 'fr' : 'en';
    const token = newInvitationToken();
    await invitationOutbox.addTokenHash(invitation._id, hashToken(token), lang);
    await deps.mailer.send(
      invitationMail({ to: invitation.email, lang, listName: list.name, inviter: inviter?.email ?? null, link: `${base}/${lang}/list-invitation#${token}`, days: INVITATION_DAYS }),
    );
    await invitationOutbox.mark(invitation._id, 'sent', at);
    return true;
  }

  return {
    async deliver() {
      let sent = 0;
      for (let i = 0; i < MAX_PER_RUN; i++) {
        const invitation = await invitationOutbox.claim(now(), SEND_LEASE_MS);
        if (!invitation) break;
        try {
          if (await send(invitation)) sent++;
        } catch (err) {
          if (invitation.attempts >= MAX_ATTEMPTS) {
            deps.logger?.error({ invitationId: String(invitation._id), err: (err as Error).message }, 'invitation mail given up');
            await invitationOutbox.mark(invitation._id, 'dropped', now());
          } else {
            deps.logger?.warn({ invitationId: String(invitation._id), err: (err as Error).message }, 'invitation mail not sent; will retry');
            await invitationOutbox.retryAt(invitation._id, new Date(now().getTime() + RETRY_MS * 2 ** (invitation.attempts - 1)));
          }
        }
      }
      return sent;
    },
  };
}
