/**
 * The identity provider's own pages. They stay in English for now: in production Keycloak serves
 * its own (translated) pages instead of these.
 */

const PRODUCT = 'NT24 Trade Partner Portal';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

// Bootstrap's look in a few rules, inline so the page makes no other request.
const STYLE = `
:root{color-scheme:light dark;--bg:#f3f4f7;--card:#fff;--text:#212529;--muted:#6c757d;--border:#ced4da;--primary:#0d6efd;--primary-hover:#0b5ed7;--focus:rgba(13,110,253,.25);--invalid:#dc3545;--invalid-text:#b02a37;--link:#0a58ca;--alert-bg:#f8d7da;--alert-text:#842029;--alert-border:#f5c2c7}
@media (prefers-color-scheme:dark){:root{--bg:#16181d;--card:#212529;--text:#dee2e6;--muted:#adb5bd;--border:#495057;--primary:#0d6efd;--primary-hover:#3d8bfd;--focus:rgba(61,139,253,.4);--invalid:#ea868f;--invalid-text:#ea868f;--link:#6ea8fe;--alert-bg:#2c0b0e;--alert-text:#ea868f;--alert-border:#842029}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem 1rem;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:1rem;line-height:1.5}
main{width:100%;max-width:26rem}
.brand{margin:0 0 1rem;text-align:center;font-size:1.25rem;font-weight:600}
.card{background:var(--card);border:1px solid var(--border);border-radius:.5rem;padding:2rem 1.5rem;box-shadow:0 .125rem .25rem rgba(0,0,0,.075)}
h1{margin:0 0 1.5rem;text-align:center;font-size:1.25rem;font-weight:500}
p{margin:0 0 1rem}
.field{margin-bottom:1rem}
label{display:block;margin-bottom:.375rem;font-weight:500}
input{display:block;width:100%;padding:.5rem .75rem;font:inherit;color:var(--text);background:var(--card);border:1px solid var(--border);border-radius:.375rem}
input:focus{outline:0;border-color:var(--primary);box-shadow:0 0 0 .25rem var(--focus)}
input[aria-invalid=true]{border-color:var(--invalid)}
.hint{margin-top:.25rem;font-size:.875rem;color:var(--muted)}
.btn{display:block;width:100%;padding:.5rem .75rem;font:inherit;font-weight:500;color:#fff;background:var(--primary);border:1px solid var(--primary);border-radius:.375rem;cursor:pointer;text-align:center;text-decoration:none}
.btn:hover{background:var(--primary-hover);border-color:var(--primary-hover)}
.btn:focus-visible{outline:0;box-shadow:0 0 0 .25rem var(--focus)}
.alert{margin-bottom:1rem;padding:.75rem 1rem;border:1px solid var(--alert-border);border-radius:.375rem;background:var(--alert-bg);color:var(--alert-text)}
.error{margin-top:.25rem;font-size:.875rem;color:var(--invalid-text)}
.switch{margin:1.25rem 0 0;text-align:center}
.switch a{white-space:nowrap}
a{color:var(--link)}
a:focus-visible{outline:2px solid var(--link);outline-offset:2px;border-radius:.125rem}
`;

function layout(title: string, content: string, after = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${PRODUCT}</p>
<div class="card">
${content}
</div>
</main>
${after}
</body>
</html>`;
}

/** A notice with a title: SPEC section 8's invalid_credentials or account_locked, or too many attempts. */
export interface PageNotice {
  title: string;
  message: string;
}

/** SPEC section 8's invalid_credentials notice. */
export const INVALID_CREDENTIALS: PageNotice = {
  title: 'Invalid Credentials',
  message: 'The username or password you entered is incorrect.',
};

/** 'in 45 seconds', 'in 3 minutes': how long a lock or a limit still holds. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** SPEC section 8's account_locked notice, and when the temporary lock ends (decision 025). */
export function accountLocked(retryAfterSeconds: number): PageNotice {
  return {
    title: 'Account Locked',
    message: `Your account has been locked. Please contact support. You can also try again ${waitText(retryAfterSeconds)}.`,
  };
}

/** Too many forms from one client address (decision 025). */
export function tooManyAttempts(retryAfterSeconds: number): PageNotice {
  return {
    title: 'Too Many Attempts',
    message: `There were too many attempts from your network. Please try again ${waitText(retryAfterSeconds)}.`,
  };
}

function noticeHtml(notice: PageNotice): string {
  return `<div class="alert" role="alert"><strong>${escapeHtml(notice.title)}</strong><br>${escapeHtml(notice.message)}</div>`;
}

export function loginPage(options: {
  action: string;
  /** The registration form of the same interaction. */
  registrationUrl: string;
  username?: string;
  /** Marks both fields invalid. */
  error?: PageNotice;
  notice?: PageNotice;
}): string {
  const { action, registrationUrl, username = '', error, notice } = options;
  const invalid = error ? ' aria-invalid="true"' : '';
  // Focus where typing continues: the password once the username is known.
  const focusUser = username ? '' : ' autofocus';
  const focusPassword = username ? ' autofocus' : '';
  return layout(
    PRODUCT,
    `<h1>Sign in to your account</h1>
${error ? noticeHtml(error) : ''}${notice ? noticeHtml(notice) : ''}
<form method="post" action="${escapeHtml(action)}">
<div class="field">
<label for="username">Username</label>
<input id="username" name="username" type="text" value="${escapeHtml(username)}" autocomplete="username" autocapitalize="none" autocorrect="off" spellcheck="false" required aria-describedby="username-hint"${invalid}${focusUser}>
<div class="hint" id="username-hint">You can also use your e-mail address.</div>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword}>
</div>
<button class="btn" type="submit">Sign in</button>
</form>
<p class="switch">New here? <a href="${escapeHtml(registrationUrl)}">Create account</a></p>`,
  );
}

export type RegistrationField = 'email' | 'password' | 'passwordConfirm' | 'firstName' | 'lastName';
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;
/** What the form shows again after an error; passwords are never sent back. */
export interface RegistrationValues {
  email: string;
  firstName: string;
  lastName: string;
}

interface FieldOptions {
  id: string;
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  error?: string | undefined;
  hint?: string;
  maxlength: number;
  autofocus: boolean;
  extra?: string;
}

function field(o: FieldOptions): string {
  const hintId = `${o.id}-hint`;
  const errorId = `${o.id}-error`;
  const describedBy = [o.hint ? hintId : '', o.error ? errorId : ''].filter(Boolean).join(' ');
  const value = o.value === undefined ? '' : ` value="${escapeHtml(o.value)}"`;
  return `<div class="field">
<label for="${o.id}">${escapeHtml(o.label)}</label>
<input id="${o.id}" name="${o.name}" type="${o.type}"${value} autocomplete="${o.autocomplete}" maxlength="${o.maxlength}" required${o.extra ?? ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${o.error ? ' aria-invalid="true"' : ''}${o.autofocus ? ' autofocus' : ''}>
${o.hint ? `<div class="hint" id="${hintId}">${escapeHtml(o.hint)}</div>\n` : ''}${o.error ? `<div class="error" id="${errorId}">${escapeHtml(o.error)}</div>\n` : ''}</div>`;
}

/**
 * The registration form, in the fields' order; each error sits under its field. The browser's
 * own checks are off (novalidate) so every message is the server's, worded the same everywhere.
 */
export function registrationPage(options: {
  action: string;
  loginUrl: string;
  values?: RegistrationValues;
  errors?: RegistrationErrors;
  notice?: PageNotice;
}): string {
  const { action, loginUrl, values = { email: '', firstName: '', lastName: '' }, notice } = options;
  const errors = options.errors ?? {};
  const order: RegistrationField[] = [
    'email',
    'password',
    'passwordConfirm',
    'firstName',
    'lastName',
  ];
  // Focus the first field to correct, or the first field of an empty form.
  const focus = order.find((f) => errors[f]) ?? 'email';
  const fields = [
    field({
      id: 'email',
      name: 'email',
      label: 'Email',
      type: 'email',
      autocomplete: 'email',
      value: values.email,
      error: errors.email,
      hint: 'You will sign in with this address.',
      maxlength: 254,
      autofocus: focus === 'email',
      extra: ' autocapitalize="none" autocorrect="off" spellcheck="false"',
    }),
    field({
      id: 'password',
      name: 'password',
      label: 'Password',
      type: 'password',
      autocomplete: 'new-password',
      error: errors.password,
      hint: 'At least 8 characters.',
      maxlength: 1024,
      autofocus: focus === 'password',
    }),
    field({
      id: 'password-confirm',
      name: 'password-confirm',
      label: 'Confirm password',
      type: 'password',
      autocomplete: 'new-password',
      error: errors.passwordConfirm,
      maxlength: 1024,
      autofocus: focus === 'passwordConfirm',
    }),
    field({
      id: 'firstName',
      name: 'firstName',
      label: 'First name',
      type: 'text',
      autocomplete: 'given-name',
      value: values.firstName,
      error: errors.firstName,
      maxlength: 100,
      autofocus: focus === 'firstName',
    }),
    field({
      id: 'lastName',
      name: 'lastName',
      label: 'Last name',
      type: 'text',
      autocomplete: 'family-name',
      value: values.lastName,
      error: errors.lastName,
      maxlength: 100,
      autofocus: focus === 'lastName',
    }),
  ];
  const failed = order.some((f) => errors[f]);
  return layout(
    `Create account · ${PRODUCT}`,
    `<h1>Create your account</h1>
${failed ? '<div class="alert" role="alert">Please correct the marked fields.</div>' : ''}${notice ? noticeHtml(notice) : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
${fields.join('\n')}
<button class="btn" type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${escapeHtml(loginUrl)}">Back to sign in</a></p>`,
  );
}

/**
 * oidc-provider's sign-out confirmation, submitted at once: keycloak-js sends an id_token_hint,
 * and Keycloak signs out without asking in that case. `form` is the provider's form.
 */
export function logoutPage(form: string): string {
  const signOutEverywhere = '<input type="hidden" name="logout" value="yes"/></form>';
  return layout(
    `Signing out · ${PRODUCT}`,
    `<h1>Signing you out…</h1>
${form.replace('</form>', signOutEverywhere)}
<noscript><button class="btn" type="submit" form="op.logoutForm">Sign out</button></noscript>`,
    `<script>document.getElementById('op.logoutForm').submit();</script>`,
  );
}

export function signedOutPage(appUrl: string): string {
  return layout(
    `Signed out · ${PRODUCT}`,
    `<h1>You are signed out</h1>
<a class="btn" href="${escapeHtml(appUrl)}">Back to the portal</a>`,
  );
}

export function errorPage(options: { message: string; appUrl: string }): string {
  return layout(
    `Error · ${PRODUCT}`,
    `<h1>We are sorry…</h1>
<div class="alert" role="alert">${escapeHtml(options.message)}</div>
<a class="btn" href="${escapeHtml(options.appUrl)}">Back to the portal</a>`,
  );
}

// ---- pages keycloak-js loads in hidden iframes ---------------------------------------------------

function scriptPage(script: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${PRODUCT}</title></head><body><script>${script}</script></body></html>`;
}

/** Third-party cookie check, as Keycloak does it: set a cookie, then see it on the next page. */
export function thirdPartyCookiesStep1(): string {
  return scriptPage(
    `document.cookie="KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; SameSite=None; Secure";` +
      `document.cookie="KEYCLOAK_3P_COOKIE=supported; Max-Age=60";` +
      `window.location="step2.html";`,
  );
}

export function thirdPartyCookiesStep2(): string {
  return scriptPage(
    `if(document.cookie.indexOf("KEYCLOAK_3P_COOKIE")!==-1){` +
      `document.cookie="KEYCLOAK_3P_COOKIE_SAMESITE=; Max-Age=0; SameSite=None; Secure";` +
      `document.cookie="KEYCLOAK_3P_COOKIE=; Max-Age=0";` +
      `window.parent.postMessage("supported","*");` +
      `}else{window.parent.postMessage("unsupported","*");}`,
  );
}

/**
 * The session status iframe: keycloak-js posts "<client_id> <sid>" and expects "unchanged",
 * "changed" or "error". The session cookie is httpOnly, so the server compares.
 */
export function loginStatusIframe(): string {
  return scriptPage(
    `window.addEventListener("message",function(e){` +
      `if(typeof e.data!=="string")return;var d=e.data.split(" ");if(d.length!==2)return;` +
      `var q="?client_id="+encodeURIComponent(d[0])+"&origin="+encodeURIComponent(e.origin)+"&session_state="+encodeURIComponent(d[1]);` +
      `fetch(location.pathname+"/check"+q,{credentials:"same-origin",cache:"no-store"})` +
      `.then(function(r){return r.ok?r.text():"error"},function(){return"error"})` +
      `.then(function(s){if(e.source)e.source.postMessage(s,e.origin)});` +
      `},false);`,
  );
}
