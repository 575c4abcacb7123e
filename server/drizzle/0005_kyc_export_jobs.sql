CREATE TABLE "kyc_export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kyc_id" bigint NOT NULL,
	"requested_by" bigint NOT NULL,
	"options" jsonb NOT NULL,
	"order_uuid" uuid,
	"language" text NOT NULL,
	"filename" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"storage_key" text,
	"size" bigint,
	"page_count" integer,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "kyc_export_jobs" ADD CONSTRAINT "kyc_export_jobs_kyc_id_kyc_submissions_id_fk" FOREIGN KEY ("kyc_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_export_jobs" ADD CONSTRAINT "kyc_export_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_export_jobs_claim_idx" ON "kyc_export_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "kyc_export_jobs_kyc_idx" ON "kyc_export_jobs" USING btree ("kyc_id");