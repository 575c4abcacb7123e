import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '#server/auth/roles.js';
import { ConflictError } from '#server/errors.js';
import { createAccount, findAccountByLogin } from './accounts.js';
import {
  currentInteraction,
  expired,
  finishSignIn,
  formThrottled,
  interactionParams,
  interactionUrls,
  sendHtml,
  showsForm,
  type InteractionContext,
} from './interactions.js';
import { CREATE_PROMPT, mountPath, OIDC_PATH } from './provider.js';
import { registrationPage, type RegistrationErrors, type RegistrationValues } from './views.js';

/**
 * What a person who registers themself is (decision 042): a trade partner (KYC access, may
 * register a company and so become its OWNER member) and a contact (Document Upload). Not the
 * realm role OWNER: what they may do and see in a company, its amounts included, is their access
 * level there.
 */
export const SELF_REGISTERED_ROLES: readonly Role[] = ['NT24_TRADE_PARTNER', 'CONTACT'];

export const MIN_PASSWORD_LENGTH = 8;
const MAX_NAME_LENGTH = 100;

export const EMAIL_TAKEN = 'An account with this e-mail address already exists.';

const isEmail = (value: string) => z.email().safeParse(value).success;

/** SPEC section 5: at most 254 characters, the part before the @ at most 64. */
function emailError(email: string): string | undefined {
  if (!email) return 'Enter your e-mail address.';
  const local = email.slice(0, email.lastIndexOf('@'));
  if (email.length > 254 || local.length > 64 || !isEmail(email)) {
    return 'Enter a valid e-mail address, such as name@example.com.';
  }
  return undefined;
}

function nameError(value: string, label: string): string | undefined {
  if (!value) return `Enter your ${label}.`;
  if (value.length > MAX_NAME_LENGTH) {
    return `Your ${label} can be at most ${MAX_NAME_LENGTH} characters long.`;
  }
  return undefined;
}

export function validateRegistration(
  values: RegistrationValues,
  password: string,
  confirmation: string,
): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!password) errors.password = 'Enter a password.';
  else if (password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (!confirmation) errors.passwordConfirm = 'Confirm your password.';
  else if (password && confirmation !== password) {
    errors.passwordConfirm = 'The passwords do not match.';
  }
  const firstName = nameError(values.firstName, 'first name');
  if (firstName) errors.firstName = firstName;
  const lastName = nameError(values.lastName, 'last name');
  if (lastName) errors.lastName = lastName;
  return errors;
}

/**
 * Self-registration as a Keycloak realm with "User registration" on offers it: keycloak-js'
 * register() opens the registrations endpoint, which starts an ordinary authorization request
 * asking for the registration form; the new account is signed in and the request finishes with
 * a code, as after signing in. The username is the e-mail address.
 */
export function registerRegistrationRoutes(app: FastifyInstance, context: InteractionContext) {
  const { provider, config, db } = context;
  const mount = mountPath(config);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(`${mount}${OIDC_PATH}/registrations`, { schema: { hide: true } }, (request, reply) => {
    // The same parameters as the authorization endpoint, PKCE included; oidc-provider checks them.
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    query.set('prompt', CREATE_PROMPT);
    return reply.redirect(`${mount}${OIDC_PATH}/auth?${query}`, 303);
  });

  const url = `${mount}/login/:uid/registration`;
  const body = z.object({
    email: z.string().max(1024).default(''),
    password: z.string().max(1024).default(''),
    'password-confirm': z.string().max(1024).default(''),
    firstName: z.string().max(1024).default(''),
    lastName: z.string().max(1024).default(''),
  });

  routes.get(url, { schema: { hide: true, params: interactionParams } }, async (request, reply) => {
    const interaction = await currentInteraction(provider, request, reply, request.params.uid);
    if (!interaction) return expired(reply, config);
    const links = interactionUrls(config, interaction.uid);
    if (!showsForm(interaction)) return reply.redirect(links.login, 303);
    return sendHtml(reply, registrationPage({ action: links.registration, loginUrl: links.login }));
  });

  routes.post(
    url,
    { schema: { hide: true, params: interactionParams, body } },
    async (request, reply) => {
      const interaction = await currentInteraction(provider, request, reply, request.params.uid);
      if (!interaction) return expired(reply, config);
      const links = interactionUrls(config, interaction.uid);
      if (!showsForm(interaction)) return reply.redirect(links.login, 303);

      const { password, 'password-confirm': confirmation } = request.body;
      const values: RegistrationValues = {
        email: request.body.email.trim(),
        firstName: request.body.firstName.trim(),
        lastName: request.body.lastName.trim(),
      };
      const throttled = await formThrottled(app, request);
      if (throttled) {
        return sendHtml(
          reply.header('retry-after', throttled.retryAfterSeconds),
          registrationPage({
            action: links.registration,
            loginUrl: links.login,
            values,
            notice: throttled.notice,
          }),
          429,
        );
      }
      const errors = validateRegistration(values, password, confirmation);
      if (!errors.email && (await findAccountByLogin(db, values.email))) errors.email = EMAIL_TAKEN;

      const page = (found: RegistrationErrors) =>
        sendHtml(
          reply,
          registrationPage({
            action: links.registration,
            loginUrl: links.login,
            values,
            errors: found,
          }),
        );
      if (Object.keys(errors).length > 0) return page(errors);

      let account;
      try {
        account = await createAccount(db, {
          username: values.email,
          email: values.email,
          firstName: values.firstName,
          lastName: values.lastName,
          password,
          roles: SELF_REGISTERED_ROLES,
        });
      } catch (error) {
        // Someone registered the same address a moment ago.
        if (error instanceof ConflictError) return page({ email: EMAIL_TAKEN });
        throw error;
      }
      request.log.info({ accountId: account.id }, 'account registered');
      return finishSignIn(context, request, reply, interaction, account);
    },
  );
}
