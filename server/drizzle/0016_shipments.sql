CREATE TABLE "shipment_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipment_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text DEFAULT 'PLANNED' NOT NULL,
	"origin_name" text,
	"origin_street" text NOT NULL,
	"origin_postal_code" text,
	"origin_city" text NOT NULL,
	"origin_country" text NOT NULL,
	"destination_name" text,
	"destination_street" text NOT NULL,
	"destination_postal_code" text,
	"destination_city" text NOT NULL,
	"destination_country" text NOT NULL,
	"planned_pickup_date" date NOT NULL,
	"planned_delivery_date" date NOT NULL,
	"actual_pickup_date" date,
	"actual_delivery_date" date,
	"notes" text,
	"cancel_reason" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "shipments_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "transports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" bigint NOT NULL,
	"sequence" integer NOT NULL,
	"mode" text NOT NULL,
	"carrier" text NOT NULL,
	"vehicle" text,
	"tracking_reference" text,
	"from_place" text NOT NULL,
	"from_country" text NOT NULL,
	"to_place" text NOT NULL,
	"to_country" text NOT NULL,
	"planned_departure" date NOT NULL,
	"planned_arrival" date NOT NULL,
	"actual_departure" date,
	"actual_arrival" date,
	"status" text DEFAULT 'PLANNED' NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "transports_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "order_audit_events" ADD COLUMN "shipment_id" bigint;--> statement-breakpoint
ALTER TABLE "order_audit_events" ADD COLUMN "transport_id" bigint;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transports" ADD CONSTRAINT "transports_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_line_key" ON "shipment_lines" USING btree ("shipment_id","order_line_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_idx" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_key" ON "shipments" USING btree ("number");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transports_sequence_key" ON "transports" USING btree ("shipment_id","sequence");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_transport_id_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."transports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_audit_events_shipment_idx" ON "order_audit_events" USING btree ("shipment_id","id") WHERE "order_audit_events"."shipment_id" is not null;--> statement-breakpoint
CREATE SEQUENCE "shipment_number_seq";
