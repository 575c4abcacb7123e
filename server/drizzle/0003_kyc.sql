CREATE TABLE "kyc_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kyc_id" bigint NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint,
	"step_type" text,
	"action" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"reason" text,
	"details" jsonb,
	"user_id" bigint,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kyc_id" bigint NOT NULL,
	"step_type" text,
	"comment" text NOT NULL,
	"context_kind" text NOT NULL,
	"context_status" text,
	"user_id" bigint,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_status_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kyc_id" bigint NOT NULL,
	"status" text NOT NULL,
	"from_status" text,
	"comment" text,
	"is_compliant" boolean,
	"user_id" bigint,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kyc_id" bigint NOT NULL,
	"step_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_steps_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trade_partner_id" bigint NOT NULL,
	"customer_contact_id" bigint,
	"obliged_entity_id" bigint NOT NULL,
	"reviewer_id" bigint,
	"approval_requested_by" bigint,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"risk_level" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "kyc_submissions_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "obliged_entities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "obliged_entities_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "obliged_entities_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "kyc_comments" ADD CONSTRAINT "kyc_comments_kyc_id_kyc_submissions_id_fk" FOREIGN KEY ("kyc_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_comments" ADD CONSTRAINT "kyc_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_status_records" ADD CONSTRAINT "kyc_status_records_kyc_id_kyc_submissions_id_fk" FOREIGN KEY ("kyc_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_status_records" ADD CONSTRAINT "kyc_status_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_steps" ADD CONSTRAINT "kyc_steps_kyc_id_kyc_submissions_id_fk" FOREIGN KEY ("kyc_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_steps" ADD CONSTRAINT "kyc_steps_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_trade_partner_id_trade_partners_id_fk" FOREIGN KEY ("trade_partner_id") REFERENCES "public"."trade_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_customer_contact_id_trade_partner_contacts_id_fk" FOREIGN KEY ("customer_contact_id") REFERENCES "public"."trade_partner_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_obliged_entity_id_obliged_entities_id_fk" FOREIGN KEY ("obliged_entity_id") REFERENCES "public"."obliged_entities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_approval_requested_by_users_id_fk" FOREIGN KEY ("approval_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_audit_events_kyc_idx" ON "kyc_audit_events" USING btree ("kyc_id","id");--> statement-breakpoint
CREATE INDEX "kyc_comments_kyc_idx" ON "kyc_comments" USING btree ("kyc_id","id");--> statement-breakpoint
CREATE INDEX "kyc_status_records_kyc_idx" ON "kyc_status_records" USING btree ("kyc_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_steps_kyc_step_key" ON "kyc_steps" USING btree ("kyc_id","step_type");--> statement-breakpoint
CREATE INDEX "kyc_submissions_partner_idx" ON "kyc_submissions" USING btree ("trade_partner_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_idx" ON "kyc_submissions" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_open_key" ON "kyc_submissions" USING btree ("trade_partner_id") WHERE "kyc_submissions"."status" in ('DRAFT', 'SUBMITTED', 'IN_REVIEW', 'CHANGES_REQUESTED', 'WAITING_FOR_APPROVAL');--> statement-breakpoint
CREATE FUNCTION kyc_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'kyc_audit_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER kyc_audit_events_no_change BEFORE UPDATE OR DELETE ON kyc_audit_events
  FOR EACH ROW EXECUTE FUNCTION kyc_audit_events_append_only();
