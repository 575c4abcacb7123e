-- Decision 015: the cdd step's expectedMonthlyVolume becomes an exact decimal string
-- ('25000.50') in the saved data, the data of the last review and the draft. jsonb keeps a
-- number as numeric, digit for digit, so nothing passes through a double here. An amount with
-- more than 2 decimals (which the old form made of '1.234' meant as 1234) keeps all its
-- digits: the step then fails the amount rule and asks for the amount again, instead of
-- holding a plausible wrong one.
UPDATE "kyc_steps"
SET "data" = jsonb_set("data", '{expectedMonthlyVolume}', to_jsonb(CASE
  WHEN "amount" = round("amount", 2) THEN round("amount", 2)::text
  ELSE "amount"::text
END))
FROM (
  SELECT "id" AS "step_id", ("data" ->> 'expectedMonthlyVolume')::numeric AS "amount"
  FROM "kyc_steps"
  WHERE "step_type" = 'cdd' AND jsonb_typeof("data" -> 'expectedMonthlyVolume') = 'number'
) AS "amounts"
WHERE "kyc_steps"."id" = "amounts"."step_id";
--> statement-breakpoint
UPDATE "kyc_steps"
SET "reviewed_data" = jsonb_set("reviewed_data", '{expectedMonthlyVolume}', to_jsonb(CASE
  WHEN "amount" = round("amount", 2) THEN round("amount", 2)::text
  ELSE "amount"::text
END))
FROM (
  SELECT "id" AS "step_id", ("reviewed_data" ->> 'expectedMonthlyVolume')::numeric AS "amount"
  FROM "kyc_steps"
  WHERE "step_type" = 'cdd' AND jsonb_typeof("reviewed_data" -> 'expectedMonthlyVolume') = 'number'
) AS "amounts"
WHERE "kyc_steps"."id" = "amounts"."step_id";
--> statement-breakpoint
UPDATE "kyc_steps"
SET "draft" = jsonb_set("draft", '{expectedMonthlyVolume}', to_jsonb(CASE
  WHEN "amount" = round("amount", 2) THEN round("amount", 2)::text
  ELSE "amount"::text
END))
FROM (
  SELECT "id" AS "step_id", ("draft" ->> 'expectedMonthlyVolume')::numeric AS "amount"
  FROM "kyc_steps"
  WHERE "step_type" = 'cdd' AND jsonb_typeof("draft" -> 'expectedMonthlyVolume') = 'number'
) AS "amounts"
WHERE "kyc_steps"."id" = "amounts"."step_id";
