ALTER TABLE "trade_partners" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "trade_partners" ADD COLUMN "terms_accepted_by" bigint;--> statement-breakpoint
ALTER TABLE "trade_partners" ADD CONSTRAINT "trade_partners_terms_accepted_by_users_id_fk" FOREIGN KEY ("terms_accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partners" DROP COLUMN "terms_accepted";