-- The level a claim joins the company at, chosen by the link's maker (decision 041). Existing links
-- keep what their claims joined at: EDITOR.
ALTER TABLE "kyc_selfservice_links" ADD COLUMN "access_level" text DEFAULT 'EDITOR' NOT NULL;