import { expect, test } from './support/test';
import { completeProfile, createAccount, uniqueEmail } from './support/accounts';

test('a new company signs up and is guided to a complete profile and company', async ({ page }) => {
  await createAccount(page, uniqueEmail('founder'), 'Femke', 'de Boer');

  await expect(page).toHaveURL(/\/settings\/basic-info/);
  await expect(page.getByLabel('First name')).toHaveValue('Femke');
  await completeProfile(page);

  const company = page.getByRole('dialog', { name: 'Set up your company' });
  await expect(company).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/company-info\?showModal=company/);
  const coc = String(Date.now()).slice(-8);
  await company.getByLabel('Company name').fill(`De Boer Trading ${coc} B.V.`);
  await company.getByLabel('CoC number').fill(coc);
  await company.getByLabel('Country of registration').selectOption({ label: 'Netherlands' });
  await company.getByLabel('Street').fill('Keizersgracht');
  await company.getByLabel('House number').fill('123');
  await company.getByLabel('Post code').fill('1015 CJ');
  await company.getByLabel('City').fill('Amsterdam');
  await company.getByLabel('Country', { exact: true }).selectOption({ label: 'Netherlands' });
  await company.getByRole('button', { name: 'Save company' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Femke de Boer' })).toBeVisible();
  // A self-registered account is a trade partner (its primary role) and a contact, which the
  // Document Upload menu item shows; it owns the company by its access level (decision 042).
  await expect(page.getByText('Trade Partner', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Document Upload' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your company' })).toContainText(
    `De Boer Trading ${coc} B.V.`,
  );
});
