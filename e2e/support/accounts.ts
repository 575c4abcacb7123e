import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'nt24demo';

export const ACCOUNTS = [
  { username: 'superadmin', name: 'Sophie Vermeer', role: 'Super Admin' },
  { username: 'manager', name: 'Mark de Vries', role: 'Manager' },
  { username: 'employee', name: 'Eva Jansen', role: 'Employee' },
  { username: 'partner', name: 'Peter Bakker', role: 'Trade Partner' },
  { username: 'owner', name: 'Olivia Smit', role: 'Owner' },
  { username: 'contact', name: 'Carlos Romero', role: 'Contact' },
] as const;

/** Fills in the identity provider's sign-in page, as a person would. */
export async function signInOnLoginPage(page: Page, username: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the product and signs in; resolves on the dashboard. */
export async function signIn(page: Page, username: string) {
  await page.goto('/');
  await signInOnLoginPage(page, username);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
}

/** A fresh e-mail address per run, so the journey can be repeated on the same database. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** From the sign-in page, 'Create account' and the registration form, as a person would. */
export async function createAccount(page: Page, email: string, first: string, last: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByLabel('Confirm password').fill('a-long-password');
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The basic-info form: all seven fields of a complete profile. */
export async function completeProfile(page: Page) {
  await page.getByLabel('Sex').selectOption({ label: 'Female' });
  await page.getByLabel('Date of birth').fill('12.04.1988');
  await page.getByLabel('Nationality').selectOption({ label: 'Netherlands' });
  await page.getByLabel('Country of residence').selectOption({ label: 'Netherlands' });
  await page.getByLabel('Mobile number').fill('+31 6 12345678');
  await page.getByRole('button', { name: 'Save profile' }).click();
}

/** Signs out from the user menu in the top bar, which every page has. */
export async function signOutFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
}
