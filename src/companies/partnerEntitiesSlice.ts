import {
  createEntityAdapter,
  createSelector,
  createSlice,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { TradePartner } from '@common/partners';
import type { RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import type { KeyedRequest } from '@/store/requests';

/**
 * Every trade partner the app has read, once, by uuid: the session's companies, the partner
 * pages, the order and shipment forms all select from here and keep only uuids, so that an
 * answer anywhere shows everywhere.
 */
const partnersAdapter = createEntityAdapter<TradePartner, string>({
  selectId: (partner) => partner.uuid,
});

/** Reads a held partner while an action's partners are worked out (its addresses, say). */
type Held = (uuid: string) => TradePartner | undefined;

interface PartnerAnswer {
  matches: (action: UnknownAction) => boolean;
  partnersOf: (action: UnknownAction, held: Held) => readonly TradePartner[];
}

/**
 * The actions that answer trade partners. The slices that make them sit above this floor, so
 * they name them here as their modules load (always before the first of those actions).
 */
const answers: PartnerAnswer[] = [];

/**
 * Holds the partners `partnersOf` finds in each action `matches` accepts: a fetch's or change's
 * fulfilled action, the current record of a refusal (409).
 */
export function holdPartners<A extends UnknownAction>(
  matches: (action: unknown) => action is A,
  partnersOf: (action: A, held: Held) => readonly (TradePartner | null | undefined)[],
): void {
  answers.push({
    matches,
    partnersOf: (action, held) =>
      partnersOf(action as A, held).filter((partner): partner is TradePartner => !!partner),
  });
}

export const partnerEntitiesSlice = createSlice({
  name: 'partnerEntities',
  initialState: partnersAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => partnersAdapter.getInitialState());
    builder.addDefaultCase((state, action) => {
      for (const answer of answers) {
        if (!answer.matches(action)) continue;
        const partners = answer.partnersOf(action, (uuid) => state.entities[uuid]);
        partnersAdapter.setMany(state, partners);
      }
    });
  },
});

type Entities = Record<string, TradePartner | undefined>;

/**
 * What app/store.ts keeps in the browser, beside the tradePartner slice that names them: the
 * person's own companies (those they have a role in), as the tradePartner slice kept them
 * before the partners were held here; a partner staff looked at is not stored.
 */
export const PERSISTED_PARTNER_ENTITY_KEYS = ['entities'] as const;

export const ownPartnersOnly = (entities: Entities): Entities =>
  Object.fromEntries(Object.entries(entities).filter(([, partner]) => partner?.role != null));

/** The state with the stored partners back in it (their ids follow from them). */
export const withStoredPartners = (
  state: ReturnType<typeof partnerEntitiesSlice.reducer>,
  stored: { entities?: Entities } | undefined,
) =>
  stored?.entities
    ? partnersAdapter.setMany(
        state,
        Object.values(stored.entities).filter((partner): partner is TradePartner => !!partner),
      )
    : state;

const selectors = partnersAdapter.getSelectors((state: RootState) => state.partnerEntities);

export const selectPartnerEntities = selectors.selectEntities;

export const selectPartnerByUuid = (state: RootState, uuid: string | null | undefined) =>
  uuid ? selectors.selectById(state, uuid) : undefined;

/** The selector of the partner whose uuid a slice's keyed request (`selectEntry`) keeps. */
export const selectHeldPartner = (selectEntry: (state: RootState) => KeyedRequest<string | null>) =>
  createSelector(
    [selectEntry, selectPartnerEntities],
    ({ data, ...entry }, partners): KeyedRequest<TradePartner | null> => ({
      ...entry,
      data: data ? (partners[data] ?? null) : null,
    }),
  );
