ALTER TABLE "form_records" ADD COLUMN "visit_hours" jsonb;--> statement-breakpoint
-- The visits saved before this keep the hours their centre has now: from here on, a change of hours re-judges none of them.
UPDATE "form_records" AS r
SET "visit_hours" = jsonb_build_object('from', s."visit_from", 'to', s."visit_to")
FROM "sites" AS s
WHERE s."id" = r."site_id" AND r."name" = '访客出入登记表' AND s."visit_from" IS NOT NULL AND s."visit_to" IS NOT NULL;
