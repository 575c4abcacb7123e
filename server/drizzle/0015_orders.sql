CREATE TABLE "order_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint,
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
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(15, 4) NOT NULL,
	"hs_code" text,
	"amount" numeric(24, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"trade_partner_id" bigint NOT NULL,
	"contact_id" bigint,
	"direction" text NOT NULL,
	"customer_reference" text,
	"order_date" date NOT NULL,
	"requested_delivery_date" date,
	"delivery_address_id" bigint,
	"incoterm" text,
	"incoterm_place" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"total" numeric(24, 2) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"cancel_reason" text,
	"held" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "orders_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_trade_partner_id_trade_partners_id_fk" FOREIGN KEY ("trade_partner_id") REFERENCES "public"."trade_partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contact_id_trade_partner_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trade_partner_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_address_id_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_audit_events_order_idx" ON "order_audit_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_order_date_idx" ON "orders" USING btree ("order_date","id");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","order_date","id");--> statement-breakpoint
CREATE INDEX "orders_partner_idx" ON "orders" USING btree ("trade_partner_id","order_date","id");--> statement-breakpoint
CREATE INDEX "orders_held_idx" ON "orders" USING btree ("order_date","id") WHERE "orders"."held";--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_reference_idx" ON "orders" USING btree (lower("customer_reference") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE SEQUENCE "order_number_seq";--> statement-breakpoint
CREATE FUNCTION "order_audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_audit_events is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "order_audit_events_no_change" BEFORE UPDATE OR DELETE ON "order_audit_events"
FOR EACH ROW EXECUTE FUNCTION "order_audit_events_append_only"();--> statement-breakpoint
CREATE FUNCTION "orders_partner_cleared"(partner bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "kyc_latest_submissions" l JOIN "kyc_submissions" s ON s."id" = l."kyc_id"
    WHERE l."trade_partner_id" = partner AND s."status" = 'APPROVED'
  )
$$;--> statement-breakpoint
CREATE FUNCTION "orders_hold_refresh"(partner bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE held_now boolean := NOT "orders_partner_cleared"(partner);
BEGIN
  UPDATE "orders" SET "held" = held_now
  WHERE "trade_partner_id" = partner AND "status" IN ('CONFIRMED', 'IN_PROGRESS') AND "held" <> held_now;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_hold_on_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."held" := NEW."status" IN ('CONFIRMED', 'IN_PROGRESS') AND NOT "orders_partner_cleared"(NEW."trade_partner_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_hold" BEFORE INSERT OR UPDATE OF "status", "trade_partner_id" ON "orders"
FOR EACH ROW EXECUTE FUNCTION "orders_hold_on_write"();--> statement-breakpoint
CREATE FUNCTION "orders_hold_after_kyc_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "orders_hold_refresh"(NEW."trade_partner_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_hold_kyc_status" AFTER UPDATE OF "status" ON "kyc_submissions"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "orders_hold_after_kyc_status"();--> statement-breakpoint
CREATE FUNCTION "orders_hold_after_latest"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "orders_hold_refresh"(OLD."trade_partner_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "orders_hold_refresh"(NEW."trade_partner_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_hold_latest" AFTER INSERT OR UPDATE OR DELETE ON "kyc_latest_submissions"
FOR EACH ROW EXECUTE FUNCTION "orders_hold_after_latest"();
