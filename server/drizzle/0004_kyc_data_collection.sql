ALTER TABLE "kyc_steps" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "kyc_steps" ADD COLUMN "draft_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_steps" ADD COLUMN "draft_saved_by" bigint;--> statement-breakpoint
ALTER TABLE "kyc_steps" ADD COLUMN "reviewed_data" jsonb;--> statement-breakpoint
ALTER TABLE "kyc_steps" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_steps" ADD CONSTRAINT "kyc_steps_draft_saved_by_users_id_fk" FOREIGN KEY ("draft_saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;