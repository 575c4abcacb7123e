import { bigserial, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  /** Subject of the identity provider's tokens. */
  identityId: text('identity_id').notNull().unique(),
  username: text('username'),
  email: text('email'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  mobile: text('mobile'),
  birthday: date('birthday', { mode: 'string' }),
  country: text('country'),
  nationality: text('nationality'),
  sex: text('sex'),
  profilePicture: text('profile_picture'),
  /** Realm roles as last seen in a token; the token stays the authority. */
  roles: text('roles').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
