import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signOutFromMenu } from './support/accounts';
import { move, openAsReviewer, step } from './support/kyc';
import { pdfFile } from './support/files';
import { shootEveryLook, text } from './support/screens';

// Issue 14: the review loop without dead ends, and the risk known before the decision. Rossi's
// demo file is SUBMITTED, complete, with a CoC extract eight months old and a politically
// exposed person declared (risk HIGH).
const COMPANY = 'Rossi Trasporti S.r.l.';
const REJECTION = 'CoC extract older than 6 months: upload one from the last 6 months.';
const SEND_BACK = 'Please upload a recent CoC extract and correct its date.';
const ACKNOWLEDGEMENT =
  'The PEP is a former municipal councillor; enhanced due diligence done, source of funds verified.';

const STEPS = [
  'Chamber of Commerce',
  'Contacts',
  'Addresses',
  'Bank and VAT',
  'Customer due diligence',
  'Insights',
];

/** Closes the open dialog with its cancel button, in English or German. */
async function cancelDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^(Cancel|Abbrechen)$/ }).click();
  await expect(dialog).toHaveCount(0);
}

/** A date `days` ago as a person types it: dd.MM.yyyy (decision 028). */
const typedDaysAgo = (days: number) =>
  new Date(Date.now() - days * 24 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10)
    .split('-')
    .reverse()
    .join('.');

test('a rejected step is fixed by the owner and resubmitted; the manager acknowledges the HIGH risk and approves', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);

  // The employee takes the file.
  await signIn(page, 'employee');
  await openAsReviewer(page, COMPANY, 'Submitted');
  await move(page, 'Start review');
  const fileUrl = page.url();
  await signOutFromMenu(page, 'Eva Jansen');

  // The manager rejects the CoC step and sends the file back.
  await signIn(page, 'manager');
  await openAsReviewer(page, COMPANY, 'In review');
  await step(page, 'Chamber of Commerce').getByRole('button', { name: 'Reject step' }).click();
  const reject = page.getByRole('dialog');
  await expect(reject).toContainText('Shared with the partner');
  await reject.getByRole('textbox', { name: 'Comment' }).fill(REJECTION);
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject).toHaveCount(0);
  await expect(step(page, 'Chamber of Commerce')).toContainText('Rejected');
  // A rejected step is not approved over while the partner has not answered.
  await expect(
    step(page, 'Chamber of Commerce').getByRole('button', { name: 'Approve step' }),
  ).toBeDisabled();
  await expect(step(page, 'Chamber of Commerce')).toContainText(
    'Approving waits for the partner to answer the request',
  );
  await shootEveryLook(
    page,
    testInfo,
    'kyc-loop-open-request',
    async (language) => {
      const region = step(page, text(language, 'kyc.steps.coc'));
      await expect(region.getByText(text(language, 'kyc.request.approveBlocked'))).toBeVisible();
      await region.evaluate((node) => node.scrollIntoView({ block: 'start', behavior: 'instant' }));
    },
    { fullPage: false },
  );
  await shootEveryLook(
    page,
    testInfo,
    'kyc-loop-withdraw-dialog',
    async (language) => {
      await step(page, text(language, 'kyc.steps.coc'))
        .getByRole('button', { name: text(language, 'kyc.stepActions.withdrawRequest') })
        .click();
      await expect(
        page.getByRole('dialog').getByText(text(language, 'kyc.stepDialog.withdrawTitle')),
      ).toBeVisible();
    },
    { fullPage: false, hide: () => cancelDialog(page) },
  );
  await move(page, 'Request changes from partner', SEND_BACK);
  await expect(page.getByText('Changes requested').first()).toBeVisible();
  await signOutFromMenu(page, 'Mark de Vries');

  // The owner sees why, and may change the rejected step.
  await signIn(page, 'owner');
  await page.goto(fileUrl);
  const coc = step(page, 'Chamber of Commerce');
  await expect(coc).toContainText('Rejected by the reviewer');
  await expect(coc).toContainText(REJECTION);
  await expect(coc.getByLabel('Extract date')).toBeEditable();
  await expect(step(page, 'Summary').getByRole('button', { name: 'Resubmit' })).toBeDisabled();
  await shootEveryLook(
    page,
    testInfo,
    'kyc-loop-rejected-step',
    async (language) => {
      const region = step(page, text(language, 'kyc.steps.coc'));
      await expect(region.getByText(text(language, 'kyc.request.rejectedTitle'))).toBeVisible();
      await region.evaluate((node) => node.scrollIntoView({ block: 'start', behavior: 'instant' }));
    },
    { fullPage: false },
  );

  await coc.getByLabel('Document type').selectOption({
    label: 'Chamber of Commerce extract (required)',
  });
  const extract = pdfFile('visura-camerale-recente.pdf', 'Visura camerale Rossi Trasporti');
  await coc.getByLabel('Upload a document').setInputFiles(extract);
  await expect(coc.getByRole('button', { name: `View ${extract.name}` })).toBeVisible();
  await coc.getByLabel('Extract date').fill(typedDaysAgo(10));
  await coc.getByRole('button', { name: 'Save step' }).click();
  await expect(page.getByText('Step saved').first()).toBeVisible();
  const summary = step(page, 'Summary');
  await expect(summary.getByRole('button', { name: 'Resubmit' })).toBeEnabled();
  await summary.getByRole('button', { name: 'Resubmit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resubmit' }).click();
  await expect(page.getByText('File submitted').first()).toBeVisible();
  await signOutFromMenu(page, 'Olivia Smit');

  // The file handed in again is still Eva Jansen's: the manager takes it over, asked first and
  // on record (decision 037); then sees what changed, decides again, and meets the risk before
  // approving.
  await signIn(page, 'manager');
  await openAsReviewer(page, COMPANY, 'Submitted');
  const openTakeover = async (language: 'en' | 'de') => {
    await page.getByRole('button', { name: text(language, 'kyc.transitions.startReview') }).click();
    const title = text(language, 'kyc.decision.takeOver.title').replace('{{name}}', 'Eva Jansen');
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  };
  await shootEveryLook(page, testInfo, 'kyc-loop-takeover', openTakeover, {
    fullPage: false,
    hide: () => cancelDialog(page),
  });
  await openTakeover('en');
  await page.getByRole('dialog').getByRole('button', { name: 'Take over' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(step(page, 'Chamber of Commerce')).toContainText(
    'Changed since the last review: Extract date',
  );
  await expect(page.getByText('High').first()).toBeVisible();
  for (const name of STEPS) {
    await step(page, name).getByRole('button', { name: 'Approve step' }).click();
    await expect(step(page, name)).toContainText('Approved');
  }

  const openApproval = async (language: 'en' | 'de') => {
    await page.getByRole('button', { name: text(language, 'kyc.transitions.approve') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(text(language, 'kyc.findings.PEP_DECLARED'))).toBeVisible();
  };
  await openApproval('en');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Risk assessment' })).toBeVisible();
  await expect(dialog.getByText('High', { exact: true }).first()).toBeVisible();
  await dialog.getByLabel('The file is compliant').check();
  const confirm = dialog.getByRole('button', { name: 'Approve submission' });
  await expect(confirm).toBeDisabled();
  await cancelDialog(page);
  await shootEveryLook(page, testInfo, 'kyc-loop-approve-risk', openApproval, {
    fullPage: false,
    hide: () => cancelDialog(page),
  });

  await openApproval('en');
  await dialog.getByLabel('The file is compliant').check();
  await dialog
    .getByLabel('I have reviewed these findings and approve the file despite them')
    .check();
  await expect(confirm).toBeDisabled();
  await dialog
    .getByRole('textbox', { name: 'Why the file is approved despite its risk' })
    .fill(ACKNOWLEDGEMENT);
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Approved').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(ACKNOWLEDGEMENT);
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('row')
      .filter({ hasText: 'Review taken over' })
      .filter({ hasText: 'Eva Jansen → Mark de Vries' }),
  ).toHaveCount(1);
});
