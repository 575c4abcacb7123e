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
