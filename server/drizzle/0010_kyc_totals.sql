CREATE TABLE "kyc_totals" (
	"key" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "kyc_totals" ("key", "total")
SELECT "status", count(*) FROM "kyc_submissions" GROUP BY "status"
UNION ALL SELECT 'companies', count(*) FROM "kyc_latest_submissions";--> statement-breakpoint
CREATE FUNCTION "kyc_totals_add"(total_key text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "kyc_totals" ("key", "total") VALUES (total_key, delta)
  ON CONFLICT ("key") DO UPDATE SET "total" = "kyc_totals"."total" + EXCLUDED."total";
$$;--> statement-breakpoint
CREATE FUNCTION "kyc_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Always in the order of the keys, so two transactions never wait for each other in a cycle.
  PERFORM "kyc_totals_add"(s."status", s."n")
  FROM (SELECT "status", count(*) AS n FROM inserted GROUP BY "status" ORDER BY "status") s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kyc_totals_insert" AFTER INSERT ON "kyc_submissions"
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "kyc_totals_after_insert"();--> statement-breakpoint
CREATE FUNCTION "kyc_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kyc_totals_add"(s."status", -s."n")
  FROM (SELECT "status", count(*) AS n FROM deleted GROUP BY "status" ORDER BY "status") s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kyc_totals_delete" AFTER DELETE ON "kyc_submissions"
REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "kyc_totals_after_delete"();--> statement-breakpoint
CREATE FUNCTION "kyc_totals_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" < NEW."status" THEN
    PERFORM "kyc_totals_add"(OLD."status", -1);
    PERFORM "kyc_totals_add"(NEW."status", 1);
  ELSE
    PERFORM "kyc_totals_add"(NEW."status", 1);
    PERFORM "kyc_totals_add"(OLD."status", -1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kyc_totals_update" AFTER UPDATE OF "status" ON "kyc_submissions"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "kyc_totals_after_update"();--> statement-breakpoint
CREATE FUNCTION "kyc_totals_companies_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kyc_totals_add"('companies', n) FROM (SELECT count(*) AS n FROM inserted) s WHERE n > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kyc_totals_companies_insert" AFTER INSERT ON "kyc_latest_submissions"
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "kyc_totals_companies_after_insert"();--> statement-breakpoint
CREATE FUNCTION "kyc_totals_companies_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kyc_totals_add"('companies', -n) FROM (SELECT count(*) AS n FROM deleted) s WHERE n > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "kyc_totals_companies_delete" AFTER DELETE ON "kyc_latest_submissions"
REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "kyc_totals_companies_after_delete"();
