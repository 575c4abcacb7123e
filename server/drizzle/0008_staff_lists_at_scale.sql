CREATE TABLE "kyc_latest_submissions" (
	"trade_partner_id" bigint PRIMARY KEY NOT NULL,
	"kyc_id" bigint NOT NULL,
	CONSTRAINT "kyc_latest_submissions_kyc_id_unique" UNIQUE("kyc_id")
);
--> statement-breakpoint
DROP INDEX "kyc_submissions_partner_idx";--> statement-breakpoint
DROP INDEX "kyc_submissions_status_idx";--> statement-breakpoint
ALTER TABLE "kyc_latest_submissions" ADD CONSTRAINT "kyc_latest_submissions_trade_partner_id_trade_partners_id_fk" FOREIGN KEY ("trade_partner_id") REFERENCES "public"."trade_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_latest_submissions" ADD CONSTRAINT "kyc_latest_submissions_kyc_id_kyc_submissions_id_fk" FOREIGN KEY ("kyc_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_partners_email_trgm_idx" ON "trade_partners" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_partners_coc_trgm_idx" ON "trade_partners" USING gin ("coc_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_partners_vat_trgm_idx" ON "trade_partners" USING gin ("vat_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_partners_name_idx" ON "trade_partners" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_updated_idx" ON "kyc_submissions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_created_idx" ON "kyc_submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_reviewer_idx" ON "kyc_submissions" USING btree ("reviewer_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_partner_idx" ON "kyc_submissions" USING btree ("trade_partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_idx" ON "kyc_submissions" USING btree ("status","updated_at","id");--> statement-breakpoint
INSERT INTO "kyc_latest_submissions" ("trade_partner_id", "kyc_id")
SELECT DISTINCT ON ("trade_partner_id") "trade_partner_id", "id" FROM "kyc_submissions"
ORDER BY "trade_partner_id", "created_at" DESC, "id" DESC;--> statement-breakpoint
CREATE FUNCTION "kyc_latest_refresh"(partner bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE newest bigint;
BEGIN
  SELECT s."id" INTO newest FROM "kyc_submissions" s WHERE s."trade_partner_id" = partner
  ORDER BY s."created_at" DESC, s."id" DESC LIMIT 1;
  IF newest IS NULL THEN
    DELETE FROM "kyc_latest_submissions" WHERE "trade_partner_id" = partner;
  ELSE
    INSERT INTO "kyc_latest_submissions" ("trade_partner_id", "kyc_id") VALUES (partner, newest)
    ON CONFLICT ("trade_partner_id") DO UPDATE SET "kyc_id" = EXCLUDED."kyc_id";
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "kyc_latest_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "kyc_latest_submissions" AS latest ("trade_partner_id", "kyc_id")
  SELECT DISTINCT ON (i."trade_partner_id") i."trade_partner_id", i."id" FROM inserted i
  ORDER BY i."trade_partner_id", i."created_at" DESC, i."id" DESC
  ON CONFLICT ("trade_partner_id") DO UPDATE SET "kyc_id" = EXCLUDED."kyc_id"
  WHERE (SELECT (s."created_at", s."id") FROM "kyc_submissions" s WHERE s."id" = latest."kyc_id")
    < (SELECT (s."created_at", s."id") FROM "kyc_submissions" s WHERE s."id" = EXCLUDED."kyc_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kyc_latest_insert" AFTER INSERT ON "kyc_submissions"
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "kyc_latest_after_insert"();--> statement-breakpoint
CREATE FUNCTION "kyc_latest_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kyc_latest_refresh"(partner) FROM (SELECT DISTINCT "trade_partner_id" AS partner FROM deleted) d;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kyc_latest_delete" AFTER DELETE ON "kyc_submissions"
REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "kyc_latest_after_delete"();--> statement-breakpoint
CREATE FUNCTION "kyc_latest_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kyc_latest_refresh"(NEW."trade_partner_id");
  IF OLD."trade_partner_id" <> NEW."trade_partner_id" THEN
    PERFORM "kyc_latest_refresh"(OLD."trade_partner_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kyc_latest_update" AFTER UPDATE OF "created_at", "trade_partner_id" ON "kyc_submissions"
FOR EACH ROW EXECUTE FUNCTION "kyc_latest_after_update"();
