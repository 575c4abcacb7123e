import type { FastifyBaseLogger } from 'fastify';
import type { Invitation, InvitationStatus } from '#common/partners.js';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import type { UserRow } from '#server/db/schema/users.js';
import { ConflictError, ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { toIso, toIsoOrNull } from '#server/api-schemas.js';
import { ensureUserRow } from '#server/modules/users/identity-service.js';
import { authorizePartner } from '../access-service.js';
import { createContactRepository } from '../contacts/contacts-repository.js';
import { uniqueViolation } from '#server/db/errors.js';
import type { Mailer } from '#server/mail/mailer.js';
import { createMemberRepository } from '../members/members-repository.js';
import { roleFor } from '../members/members-service.js';
import { refValue, type PartnerRef } from '../partners-repository.js';
import { createInvitationRepository, type InvitationRow } from './invitations-repository.js';
import type { InvitationInput } from './invitations-schemas.js';

/** How long an invitation stays open. */
export const INVITATION_DAYS = 14;

/** 409 naming the e-mail address: it has an open invitation to the company already. */
const openExists = () =>
  new ConflictError('An open invitation for this e-mail address already exists.', {
    reason: 'openInvitation',
    field: 'email',
  });

export function invitationStatus(row: InvitationRow, now: Date = new Date()): InvitationStatus {
  if (row.acceptedAt) return 'ACCEPTED';
  // Lapsed invitations are closed by setting revokedAt once they are past expiry.
  if (row.revokedAt) return row.revokedAt >= row.expiresAt ? 'EXPIRED' : 'REVOKED';
  return row.expiresAt <= now ? 'EXPIRED' : 'OPEN';
}

export function toInvitation(row: InvitationRow, now: Date = new Date()): Invitation {
  return {
    id: row.id,
    uuid: row.uuid,
    tradePartnerId: row.tradePartnerId,
    email: row.email,
    accessLevel: row.accessLevel,
    status: invitationStatus(row, now),
    createdAt: toIso(row.createdAt),
    expiresAt: toIso(row.expiresAt),
    acceptedAt: toIsoOrNull(row.acceptedAt),
  };
}

export function createInvitationService(
  db: Db,
  deps: { publicUrl: Config['publicUrl']; mailer: Mailer; log: FastifyBaseLogger },
) {
  const invitations = createInvitationRepository(db);

  return {
    async list(actor: AuthUser, ref: PartnerRef): Promise<Invitation[]> {
      const { partner } = await authorizePartner(db, actor, ref, 'manage');
      const now = new Date();
      return (await invitations.list(partner.id)).map((row) => toInvitation(row, now));
    },

    async create(
      actor: AuthUser,
      ref: PartnerRef,
      input: InvitationInput,
    ): Promise<{ invitation: Invitation; inviteUrl: string; emailSent: boolean }> {
      const { partner, membership } = await authorizePartner(db, actor, ref, 'manage');
      if (
        input.accessLevel === 'OWNER' &&
        policy.decidePartner(actor, membership, 'grantOwner') !== 'allow'
      ) {
        throw new ForbiddenError('Only an owner may invite someone as OWNER.');
      }
      if (await createMemberRepository(db).hasMemberWithEmail(partner.id, input.email)) {
        throw new ConflictError('This person is already a member of the trade partner.', {
          reason: 'alreadyMember',
          field: 'email',
        });
      }
      const now = new Date();
      let row: InvitationRow;
      try {
        row = await db.transaction(async (tx) => {
          const repository = createInvitationRepository(tx);
          await repository.closeExpired(partner.id, input.email, now);
          if (await repository.findOpen(partner.id, input.email)) throw openExists();
          const { row: inviter } = await ensureUserRow(tx, actor);
          return repository.insert({
            tradePartnerId: partner.id,
            email: input.email,
            accessLevel: input.accessLevel,
            invitedBy: inviter.id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
          });
        });
      } catch (error) {
        // Two inviters at once: the partial unique index lets only one invitation stay open.
        if (uniqueViolation(error) === 'invitations_open_key') throw openExists();
        throw error;
      }

      const inviteUrl = `${deps.publicUrl}/dashboard`;
      const emailSent = await deps.mailer.send({
        to: row.email,
        subject: `You are invited to join ${partner.name} on NT24`,
        text: [
          `Hello,`,
          ``,
          `You have been invited to join ${partner.name} on the NT24 trade partner portal.`,
          `Sign in or register with this e-mail address (${row.email}) within ${INVITATION_DAYS} days:`,
          ``,
          inviteUrl,
        ].join('\n'),
      });
      if (!emailSent) {
        deps.log.info(
          { tradePartner: partner.uuid, invitation: row.uuid, email: row.email, inviteUrl },
          'invitation not e-mailed; the inviter passes the link on',
        );
      }
      return { invitation: toInvitation(row, now), inviteUrl, emailSent };
    },

    /** Revokes an open invitation; one already revoked or lapsed stays as it is. */
    async revoke(actor: AuthUser, ref: PartnerRef, invitationUuid: string): Promise<void> {
      const { partner } = await authorizePartner(db, actor, ref, 'manage');
      const row = await invitations.find(partner.id, invitationUuid);
      if (!row) {
        throw new NotFoundError(
          `Invitation with UUID ${invitationUuid} not found for trade partner with ID/UUID ${refValue(ref)}.`,
        );
      }
      const status = invitationStatus(row);
      if (status === 'ACCEPTED') {
        throw new ConflictError('The invitation has been accepted: remove the member instead.', {
          reason: 'invitationAccepted',
          invitationUuid: row.uuid,
        });
      }
      if (status === 'OPEN') await invitations.revoke(row.id, new Date());
    },
  };
}

/**
 * Makes `user` a member of the company with `accessLevel`, as an accepted invitation does: the
 * member role that level implies, and a contact record there unless they have one.
 */
export async function joinCompany(
  tx: Db,
  user: UserRow,
  tradePartnerId: number,
  accessLevel: InvitationRow['accessLevel'],
  email: string,
): Promise<void> {
  await createMemberRepository(tx).insertIfAbsent({
    tradePartnerId,
    userId: user.id,
    role: roleFor(accessLevel),
    accessLevel,
  });
  const contacts = createContactRepository(tx);
  if (!(await contacts.findForUser(tradePartnerId, user.id))) {
    await contacts.insert({
      tradePartnerId,
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: (user.email ?? email).toLowerCase(),
      phone: user.mobile,
    });
  }
}

/**
 * Accepts every open, unexpired invitation for `email` (any case): the user joins each company
 * with the invited access level and gets a contact record there. Run inside ensure-user's
 * transaction; the invitations are locked, so concurrent calls accept each one once.
 */
export async function acceptInvitations(tx: Db, user: UserRow, email: string): Promise<number> {
  const now = new Date();
  const open = await createInvitationRepository(tx).openForEmailForUpdate(email, now);
  for (const invitation of open) {
    await joinCompany(tx, user, invitation.tradePartnerId, invitation.accessLevel, email);
    await createInvitationRepository(tx).markAccepted(invitation.id, user.id, now);
  }
  return open.length;
}
