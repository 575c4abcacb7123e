import { expect, test } from './support/test';
import { completeProfile, createAccount, uniqueEmail } from './support/accounts';
import { step } from './support/kyc';

/**
 * Issue 18, "Data entry" (points 5, 6 and 8), in a browser that speaks American English: its
 * own date inputs would want mm/dd/yyyy, the app's take dd.MM.yyyy.
 */
test.use({ locale: 'en-US' });

test('onboarding checks the company as the KYC file does, the file starts with what was told, and dates read dd.MM.yyyy', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createAccount(page, uniqueEmail('entry'), 'Daan', 'Visser');
  await expect(page).toHaveURL(/\/settings\/basic-info/);
  await completeProfile(page);

  // Point 6: CoC '12' and post code 'XXXXXX' are no Dutch company's, each refused at its field.
  const company = page.getByRole('dialog', { name: 'Set up your company' });
  await expect(company).toBeVisible();
  const coc = `3${String(Date.now()).slice(-7)}`;
  const name = `Visser Data ${coc} B.V.`;
  await company.getByLabel('Company name').fill(name);
  await company.getByLabel('Legal form').fill('B.V.');
  await company.getByLabel('Country of registration').selectOption({ label: 'Netherlands' });
  await company.getByLabel('CoC number').fill('12');
  await company.getByLabel('Street').fill('Keizersgracht');
  await company.getByLabel('House number').fill('123');
  await company.getByLabel('Post code').fill('XXXXXX');
  await company.getByLabel('City').fill('Amsterdam');
  await company.getByLabel('Country', { exact: true }).selectOption({ label: 'Netherlands' });
  await company.getByRole('button', { name: 'Save company' }).click();

  await expect(company.getByLabel('CoC number')).toHaveAccessibleDescription(
    "Enter the CoC number as the country's register writes it (in the Netherlands 8 digits, in Belgium 10).",
  );
  await expect(company.getByLabel('Post code')).toHaveAccessibleDescription(
    'This is not a post code of the chosen country.',
  );
  await expect(page).toHaveURL(/showModal=company/);

  await company.getByLabel('CoC number').fill(coc);
  await company.getByLabel('Post code').fill('1015 CJ');
  await expect(company.getByLabel('CoC number')).not.toHaveAttribute('aria-invalid');
  await expect(company.getByLabel('Post code')).not.toHaveAttribute('aria-invalid');
  await company.getByRole('button', { name: 'Save company' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Point 5: the new file's coc and addresses steps start with the onboarding values.
  await page
    .getByRole('region', { name: `KYC: ${name}` })
    .getByRole('button', { name: 'Start KYC file' })
    .click();
  await expect(page).toHaveURL(/\/kyc\/\d+$/);
  const cocStep = step(page, 'Chamber of Commerce');
  await expect(cocStep.getByLabel('CoC number')).toHaveValue(coc);
  await expect(cocStep.getByLabel('Registered name')).toHaveValue(name);
  await expect(cocStep.getByLabel('Legal form')).toHaveValue('B.V.');
  const registered = step(page, 'Addresses').getByRole('group', { name: 'Registered address' });
  await expect(registered.getByLabel('Street')).toHaveValue('Keizersgracht');
  await expect(registered.getByLabel('House number')).toHaveValue('123');
  await expect(registered.getByLabel('Postcode')).toHaveValue('1015 CJ');
  await expect(registered.getByLabel('City')).toHaveValue('Amsterdam');
  await expect(registered.getByLabel('Country')).toHaveValue('NL');

  // Point 8: an en-US browser types 17.03.2009, the app shows it so and saves 2009-03-17.
  const registration = cocStep.getByLabel('Registration date');
  await expect(registration).toHaveAttribute('placeholder', 'dd.mm.yyyy');
  await registration.fill('17.03.2009');
  await cocStep.getByLabel('Extract date').fill('2.10.2026');
  const saved = page.waitForRequest(
    (request) => request.method() === 'PUT' && /\/steps\/coc\/data/.test(request.url()),
  );
  await cocStep.getByRole('button', { name: 'Save step' }).click();
  expect((await saved).postDataJSON().data).toMatchObject({
    cocNumber: coc,
    registeredName: name,
    legalForm: 'B.V.',
    registrationDate: '2009-03-17',
    extractDate: '2026-10-02',
  });
  await expect(page.getByText('Step saved').first()).toBeVisible();

  await page.reload();
  // The file's steps load one by one after the sign-in round trip.
  const again = step(page, 'Chamber of Commerce');
  await expect(again.getByLabel('Registration date')).toHaveValue('17.03.2009', {
    timeout: 20_000,
  });
  await expect(again.getByLabel('Extract date')).toHaveValue('02.10.2026');
});
