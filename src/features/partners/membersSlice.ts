import { createSlice, isRejected, type WithSlice } from '@reduxjs/toolkit';
import type { AccessLevel } from '@common/partner-access';
import type { InvitationBody } from '@common/partner-bodies';
import { memberSchema, type Invitation, type Member } from '@common/partners';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import {
  createInvitation,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
  updateMemberAccess,
} from '@/features/partners/partnersApi';
import { staleCurrent } from '@/lib/api-error';
import {
  addKeyedFetch,
  createChangeThunk,
  createKeyedFetch,
  idleKeyed,
  type KeyedRequest,
} from '@/store/requests';

/** The people of the partner page's tabs, by the partner's uuid. */
export interface MembersState {
  members: KeyedRequest<Member[]>;
  invitations: KeyedRequest<Invitation[]>;
}

const initialState: MembersState = { members: idleKeyed([]), invitations: idleKeyed([]) };

const byUuid = (partnerUuid: string) => partnerUuid;

export const fetchMembers = createKeyedFetch(
  'partners/fetchMembers',
  listMembers,
  (state) => selectMembers(state),
  byUuid,
);

interface MemberArg {
  partnerUuid: string;
  member: Member;
}

export const changeMemberAccess = createChangeThunk(
  'partners/changeMemberAccess',
  ({ partnerUuid, member, accessLevel }: MemberArg & { accessLevel: AccessLevel }) =>
    updateMemberAccess(partnerUuid, member.userUuid, accessLevel, member.version),
);

export const removePartnerMember = createChangeThunk(
  'partners/removeMember',
  async ({ partnerUuid, member }: MemberArg) => {
    await removeMember(partnerUuid, member.userUuid, member.version);
  },
);

export const fetchInvitations = createKeyedFetch(
  'partners/fetchInvitations',
  listInvitations,
  (state) => selectInvitations(state),
  byUuid,
);

export const sendInvitation = createChangeThunk(
  'partners/sendInvitation',
  ({ partnerUuid, ...body }: Required<InvitationBody> & { partnerUuid: string }) =>
    createInvitation(partnerUuid, body),
);

export const cancelInvitation = createChangeThunk(
  'partners/revokeInvitation',
  async ({ partnerUuid, invitationUuid }: { partnerUuid: string; invitationUuid: string }) => {
    await revokeInvitation(partnerUuid, invitationUuid);
  },
);

export const membersSlice = createSlice({
  name: 'partnerMembers',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(changeMemberAccess.fulfilled, (state, action) => {
        if (state.members.key !== action.meta.arg.partnerUuid) return;
        const index = state.members.data.findIndex((m) => m.userUuid === action.payload.userUuid);
        if (index !== -1) state.members.data[index] = action.payload;
      })
      .addCase(removePartnerMember.fulfilled, (state, action) => {
        if (state.members.key !== action.meta.arg.partnerUuid) return;
        state.members.data = state.members.data.filter(
          (member) => member.userUuid !== action.meta.arg.member.userUuid,
        );
      })
      .addCase(sendInvitation.fulfilled, (state, action) => {
        if (state.invitations.key !== action.meta.arg.partnerUuid) return;
        const { invitation } = action.payload;
        state.invitations.data = [
          invitation,
          ...state.invitations.data.filter((item) => item.uuid !== invitation.uuid),
        ];
      })
      .addCase(cancelInvitation.fulfilled, (state, action) => {
        if (state.invitations.key !== action.meta.arg.partnerUuid) return;
        const invitation = state.invitations.data.find(
          (item) => item.uuid === action.meta.arg.invitationUuid,
        );
        if (invitation) invitation.status = 'REVOKED';
      })
      // Someone else changed or removed the member first (decision 023): shown as it is now.
      .addMatcher(isRejected(changeMemberAccess, removePartnerMember), (state, action) => {
        const { partnerUuid, member } = action.meta.arg;
        const current = staleCurrent(action.payload, memberSchema);
        if (current === undefined || state.members.key !== partnerUuid) return;
        state.members.data = current
          ? state.members.data.map((m) => (m.userUuid === member.userUuid ? current : m))
          : state.members.data.filter((m) => m.userUuid !== member.userUuid);
      });
    // Another partner's people are not shown while this one's load.
    const people = { keyOf: byUuid, empty: [], keepOnFailure: true };
    addKeyedFetch(builder, fetchMembers, (state) => state.members, people);
    addKeyedFetch(builder, fetchInvitations, (state) => state.invitations, people);
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof membersSlice> {}
}

/** In the store once a partner page loads (app/store.ts); its initial state until then. */
const injected = membersSlice.injectInto(rootReducer);

export const selectMembers = (state: RootState) => injected.selectSlice(state).members;
export const selectInvitations = (state: RootState) => injected.selectSlice(state).invitations;
